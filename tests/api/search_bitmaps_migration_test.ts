// Migrations 031 and 032 on a database that already holds messages and deliveries: each message with words
// gets its place in its segment, and the bitmaps they build (tabs, words, delivered messages) are those the
// triggers keep afterwards (the counts equal a scan).
import assert from "node:assert/strict";
import postgres from "postgres";
import { openDatabase } from "../../db/client.ts";
import { listMigrations, migrate } from "../../db/migrate.ts";
import { listMessages, scanCounts } from "../../db/inbox.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { lexemeBitmapsUnlike, searchBitCounts } from "./_search_bitmaps.ts";

const SERVER_URL = Deno.env.get("DATABASE_URL");

Deno.test("migrations 031 and 032 - the bitmaps of the messages and deliveries already stored", async () => {
  // a database of its own, migrated up to 030 as `migrate` does
  const name = `t_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = SERVER_URL ? postgres(SERVER_URL, { max: 1, onnotice: () => {} }) : null;
  let url: string | undefined;
  if (admin && SERVER_URL) {
    await admin.unsafe(`create database ${name}`);
    const u = new URL(SERVER_URL);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const db = await openDatabase(url ? { url, poolMax: 2 } : {});
  const sql = db.sql;
  try {
    await sql`create table schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
    for (const migration of (await listMigrations()).filter((m) => m.name < "031")) {
      await sql.unsafe(migration.text);
      await sql`insert into schema_migrations (name) values (${migration.name})`;
    }
    await seedDemo(sql, { password: "Demo-Password-1!" });
    await sql`insert into messages (channel_id, segment_id, type, text, author_name, liked, read, status)
      select channel_id, id, 'message', 'Bonjour numéro ' || g, 'Zoé Garcia', g % 3 = 0, g % 2 = 0,
        case when g % 7 = 0 then 'archived' else 'received' end
      from segments, generate_series(1, 600) g where type = 'message'`;
    await sql`insert into deliveries (channel_id, message_id, status, finished_at)
      select channel_id, id, case when id % 4 = 0 then 'failed' else 'success' end, now()
      from messages where id % 3 = 0`;

    // 031, 032 and the later ones
    assert.deepEqual((await migrate(sql)).slice(0, 2), ["031_search_bitmaps.sql", "032_search_uploaded.sql"]);

    const [places] = await sql<{ twice: number; gaps: number; counters: number }[]>`
      select (select count(*) from (select 1 from message_search group by segment_id, ord having count(*) > 1) d)::int
          as twice,
        (select count(*) from (select segment_id from message_search group by segment_id
          having max(ord) <> count(*) - 1 or min(ord) <> 0) g)::int as gaps,
        (select count(*) from message_search_ords o
          where o.next <> (select count(*) from message_search s where s.segment_id = o.segment_id))::int as counters`;
    assert.deepEqual(places, { twice: 0, gaps: 0, counters: 0 }, "places 0 to n - 1 per segment, counted");
    const unlike = await lexemeBitmapsUnlike(sql);
    assert.equal(unlike, 0, "search_bits holds the words of message_search");
    const [{ delivered }] = await sql<{ delivered: number }[]>`
      select count(*)::int as delivered from message_search where delivered`;
    assert.ok(delivered > 0, "the delivered messages are marked");

    const segments = await sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where type = 'message' order by id`;
    assert.ok(segments.length > 0);
    // then one more write of each kind, kept by the triggers over what the migration built
    await sql`update messages set liked = not liked where id % 5 = 0`;
    await sql`insert into messages (channel_id, segment_id, type, text)
      values (${segments[0].channel_id}, ${segments[0].id}, 'message', 'Bonjour encore')`;
    await sql`delete from messages where id % 11 = 0`;
    await sql`update deliveries set status = 'failed' where id % 5 = 0`;
    for (const s of segments) {
      for (const search of ["bon:*", "zo:* & gar:*", "num:* & bonjour:*"]) {
        const q = { channelId: s.channel_id, segmentId: s.id, search };
        const { total: uploaded } = await listMessages(sql, { ...q, filter: "uploaded" }, 1, 1);
        assert.deepEqual(
          await searchBitCounts(sql, q),
          { ...await scanCounts(sql, q), uploaded },
          `${search} in ${s.id}`,
        );
      }
    }
  } finally {
    await db.close();
    if (admin) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
});
