// The inbox list's pages and totals (db/inbox.ts listMessages) against one plain query per page: whether the
// total of a search is counted, read from the kept counts (a page past it is then not read) or taken from
// the tab counts asked with the page (with_counts), the rows, their order and the total are the same.
import assert from "node:assert/strict";
import { testDatabase } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { countMessages, FILTER_SQL, listMessages, type MessageQuery } from "../../db/inbox.ts";
import { INBOX_FILTERS, searchQuery } from "../../lib/rules/inbox.ts";
import type { Sql } from "../../db/client.ts";

/** The ids of a page and the total, read the plain way: one condition, one order, one count. */
async function plainPage(sql: Sql, q: MessageQuery, page: number, perPage: number) {
  const cond = [
    q.segmentId ? `m.segment_id = ${q.segmentId}` : `m.channel_id = ${q.channelId}`,
    FILTER_SQL[q.filter],
    q.search ? `m.search_vector @@ to_tsquery('simple', '${q.search.replaceAll("'", "''")}')` : "true",
  ].join(" and ");
  const rows = await sql.unsafe<{ id: number }[]>(
    `select m.id::int as id from messages m where ${cond} order by m.created_at desc, m.id desc
     limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  const [{ n }] = await sql.unsafe<{ n: number }[]>(
    `select count(*)::int as n from messages m where ${cond}`,
  );
  return { ids: rows.map((r) => r.id), total: n };
}

Deno.test("inbox list - pages and totals equal a plain query, counted, kept or with the tab counts", async (t) => {
  const db = await testDatabase();
  const sql = db.sql;
  try {
    await seedDemo(sql, { password: "Demo-Password-1!" });
    const [s] = await sql<{ id: number; channel_id: number }[]>`
      select segment_id::int as id, channel_id::int as channel_id from messages
      group by segment_id, channel_id order by count(*) desc limit 1`;
    // 300 messages of every state with a few words, some delivered, all at distinct times
    await sql`
      insert into messages (channel_id, segment_id, type, text, author_name, status, moderation, liked, winner,
        read, created_at)
      select ${s.channel_id}, ${s.id}, 'message',
        (array['Bonjour la matinale', 'Merci pour la musique', 'Vacances à Lyon', 'Bonne soirée'])[1 + g % 4],
        (array['Zoé Garcia', 'Marie Martin', 'Lucas Garnier'])[1 + g % 3],
        (array['received', 'received', 'archived', 'trash'])[1 + g % 4],
        (array['none', 'none', 'approved', 'pending', 'rejected'])[1 + g % 5],
        g % 3 = 0, g % 7 = 0, g % 2 = 0, now() - g * interval '1 minute'
      from generate_series(1, 300) g`;
    await sql`insert into deliveries (channel_id, message_id, status, finished_at)
      select channel_id, id, 'success', now() from messages where segment_id = ${s.id} and id % 9 = 0`;
    const searches = [null, "bon", "Zoé Gar", "vacances lyon", "musique", "nothing-like-this"];
    const perPage = 20;

    const compare = async (label: string, withCounts: boolean) => {
      for (const text of searches) {
        for (const filter of INBOX_FILTERS) {
          const q: MessageQuery = {
            channelId: s.channel_id,
            segmentId: s.id,
            filter,
            search: searchQuery(text),
          };
          const plain = await plainPage(sql, q, 1, perPage);
          const lastPage = Math.max(1, Math.ceil(plain.total / perPage));
          for (const page of [1, 2, lastPage, lastPage + 1]) {
            const expected = page === 1 ? plain : await plainPage(sql, q, page, perPage);
            const got = await listMessages(
              sql,
              q,
              page,
              perPage,
              withCounts ? countMessages(sql, q) : undefined,
            );
            assert.deepEqual(
              { ids: got.rows.map((r) => Number(r.id)), total: got.total },
              expected,
              `${label}: search ${text} tab ${filter} page ${page}`,
            );
          }
        }
      }
    };
    await t.step("counted the first time", async () => {
      await sql`delete from inbox_search_totals`;
      await compare("counted", false);
    });
    await t.step("read back from the kept counts", async () => {
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from inbox_search_totals`;
      assert.ok(n >= searches.length - 1, "the counts of every search are kept");
      await compare("kept", false);
    });
    await t.step("with the tab counts asked at the same time, new or kept", async () => {
      await compare("with counts, kept", true);
      await sql`delete from inbox_search_totals`;
      await compare("with counts, counted", true);
    });
    await t.step("after a write, counted again", async () => {
      await sql`update messages set liked = not liked where segment_id = ${s.id} and id % 5 = 0`;
      await compare("after a write", false);
    });
  } finally {
    await db.close();
  }
});
