// Crash: kill -9 the server in the middle of a vote load. After a restart every acknowledged vote is
// stored once, and the counters equal the stored votes (none counted twice, none lost).
import assert from "node:assert/strict";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../_postgres.ts";
import { type ChildServer, startServer } from "../_server.ts";
import { newVote, vote } from "./_votes.ts";

Deno.test({
  name: "crash - kill -9 during a vote load loses no acknowledged vote and counts none twice",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const pg = await startPostgres({ maxConnections: 200 });
    const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    let server: ChildServer | null = null;
    try {
      server = await startServer({ DATABASE_URL: pg.url });
      const v = await newVote(sql);
      let base = server.baseUrl;
      const crashAt = Date.now() + 2500;
      const endAt = crashAt + 6000;
      const load = vote(() => base, v, 30, () => Date.now() > endAt);
      await new Promise((r) => setTimeout(r, crashAt - Date.now()));
      await server.crash();
      server = await startServer({ DATABASE_URL: pg.url, SEED: "0" }, server.dataDir);
      base = server.baseUrl;
      const { acked, failed } = await load;
      assert.ok(acked.size > 50, `votes were acknowledged (${acked.size})`);
      assert.ok(failed > 0, "some requests were cut by the crash");

      const stored = await sql<{ device_id: string; n: number }[]>`
        select device_id, count(*)::int as n from messages where segment_id = ${v.segment} group by device_id`;
      const byDevice = new Map(stored.map((r) => [r.device_id, r.n]));
      const lost = [...acked].filter((d) => byDevice.get(d) !== 1);
      assert.deepEqual(lost, [], "every acknowledged vote is stored exactly once");
      const [{ rows }] = await sql<{ rows: number }[]>`
        select count(*)::int as rows from messages where segment_id = ${v.segment}`;
      const [{ counted }] = await sql<{ counted: number }[]>`
        select coalesce(sum(count), 0)::int as counted from vote_counts where segment_id = ${v.segment}`;
      assert.equal(counted, rows, "the counters equal the stored votes");
      assert.ok(rows >= acked.size);
    } finally {
      await server?.stop().catch(() => {});
      if (server) await Deno.remove(server.dataDir, { recursive: true }).catch(() => {});
      await sql.end();
      await pg.destroy();
    }
  },
});
