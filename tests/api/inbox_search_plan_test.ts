// A search's page of the inbox is planned for its words (an unnamed statement, never a prepared one whose
// generic plan, after five runs, would read every match of a common word to sort them), while the page of
// a tab without a search stays a prepared statement, planned once per connection.
import assert from "node:assert/strict";
import { testDatabase } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { listMessages } from "../../db/inbox.ts";

Deno.test("listMessages - a search's page is never a prepared statement, a tab's page is", async () => {
  const db = await testDatabase();
  await seedDemo(db.sql, { password: "Demo-Password-1!" });
  // one connection (PGlite has only one): its prepared statements are those of these pages
  const conn = await db.sql.reserve();
  try {
    const [s] = await conn<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where type = 'message' order by id limit 1`;
    await conn`insert into messages (channel_id, segment_id, type, text, author_name)
      select ${s.channel_id}, ${s.id}, 'message', 'Bonjour numéro ' || g, 'Zoé' from generate_series(1, 30) g`;
    const q = { channelId: s.channel_id, segmentId: s.id, filter: "all" as const };
    let found = 0;
    for (let run = 0; run < 7; run++) {
      found += (await listMessages(conn, { ...q, search: "bon:*" }, 1, 10)).rows.length;
      await listMessages(conn, q, 1, 10);
    }
    assert.equal(found, 70, "the search finds its messages");
    const statements = await conn<{ statement: string }[]>`
      select statement from pg_prepared_statements where statement like '%order by m.created_at desc%' and statement not like '%pg_prepared_statements%'`;
    assert.equal(statements.length, 1, statements.map((s) => s.statement).join("\n"));
    assert.doesNotMatch(statements[0].statement, /search_vector/);
  } finally {
    conn.release();
    await db.close();
  }
});
