// What the inbox's counters and search keep costs the writes of messages (007, 009, 031's bitmaps, 032's
// deliveries): p50 of a one-message insert with words, 50 at once, marking one message read, a new transcript,
// a delivery that succeeds, and marking 2,000 messages read, on 20,000 messages of one interaction. Runs on a
// PostgreSQL server (DATABASE_URL, else one of its own when PostgreSQL is installed), then on the embedded
// PGlite.
//   npx -y deno@2 run -A bench/inbox_writes.ts
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { seedDemo } from "../lib/demo/seed.ts";
import { PG_BIN, type PgServer, startPostgres } from "../tests/_postgres.ts";

const MESSAGES = 20_000;

async function bench(url: string | null): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "im-bench-writes-" });
  const db = await openDatabase(url ? { url, poolMax: 2 } : { dataDir: `${dir}/pglite` });
  const sql = db.sql;
  try {
    await migrate(sql);
    await seedDemo(sql, { password: "Bench-Password-1!" });
    const [seg] = await sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where type = 'recording_question' order by id limit 1`;
    await sql`insert into messages (channel_id, segment_id, type, text, author_name)
      select ${seg.channel_id}, ${seg.id}, 'message', 'bonjour pour lyon message ' || g, 'Marie Martin'
      from generate_series(1, ${MESSAGES}::int) g`;
    await sql`vacuum analyze`;
    const ids = (await sql<{ id: number }[]>`
      select id::int as id from messages where segment_id = ${seg.id} order by id limit 300`).map((r) =>
      r.id
    );
    const rows: string[] = [];
    const time = async (label: string, runs: number, write: (i: number) => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await write(i);
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      rows.push(`| ${label} | ${url ? "PostgreSQL" : "PGlite"} | ${ms[Math.floor(runs / 2)].toFixed(2)} |`);
    };
    await time(
      "insert one message with words",
      300,
      (i) =>
        sql`insert into messages (channel_id, segment_id, type, text, author_name)
        values (${seg.channel_id}, ${seg.id}, 'message', ${"une dédicace pour " + i}, 'Zoé Garcia')`,
    );
    await time(
      "insert 50 messages with words",
      30,
      (i) =>
        sql`insert into messages (channel_id, segment_id, type, text)
        select ${seg.channel_id}, ${seg.id}, 'message', 'lot ' || ${i}::int || ' numéro ' || g
        from generate_series(1, 50) g`,
    );
    await time(
      "mark one message read",
      300,
      (i) => sql`update messages set read = not read where id = ${ids[i]}`,
    );
    await time(
      "a new transcript for one message",
      200,
      (i) => sql`update messages set transcript = ${"transcription " + i} where id = ${ids[i]}`,
    );
    await time("a delivery of one message: started, then a success", 200, async (i) => {
      const [delivery] = await sql<{ id: number }[]>`
        insert into deliveries (channel_id, message_id) values (${seg.channel_id}, ${ids[i]}) returning id`;
      await sql`update deliveries set status = 'success', finished_at = now() where id = ${delivery.id}`;
    });
    await time("mark 2,000 messages read", 3, () =>
      sql`update messages set read = not read where id in (
        select id from messages where segment_id = ${seg.id} order by id limit 2000)`);
    return rows;
  } finally {
    await db.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

let pg: PgServer | null = null;
try {
  const serverUrl = Deno.env.get("DATABASE_URL") ?? (PG_BIN ? (pg = await startPostgres()).url : null);
  const rows = [...(serverUrl ? await bench(serverUrl) : []), ...await bench(null)];
  console.log(
    [
      `## Writes of messages (${MESSAGES.toLocaleString("en")} messages on one interaction)`,
      "",
      "| write | database | p50 ms |",
      "|---|---|---:|",
      ...rows,
    ].join("\n"),
  );
} finally {
  await pg?.destroy();
}
