import assert from "node:assert/strict";
import type { Sql } from "postgres";
import { testDatabase } from "../_helpers.ts";
import { startMaintenance } from "../../lib/platform/maintenance.ts";

/** What the planner knows of rate_limits: its row estimate and whether its columns have statistics. */
async function planner(sql: Sql) {
  const [row] = await sql<{ reltuples: number; analysed: boolean }[]>`
    select c.reltuples::int as reltuples,
      exists (select 1 from pg_stats s where s.tablename = 'rate_limits' and s.attname = 'key') as analysed
    from pg_class c where c.oid = 'rate_limits'::regclass`;
  return row;
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(await check());
}

// The embedded database has no autovacuum: the timer of lib/platform/maintenance.ts keeps its statistics current.
Deno.test("maintenance - the first run analyses, the next ones vacuum and keep the row estimate", async () => {
  const db = await testDatabase();
  try {
    const { sql } = db;
    // on a PostgreSQL server, autovacuum must not do it first
    await sql`alter table rate_limits set (autovacuum_enabled = false)`;
    await sql`insert into rate_limits (key, window_start, count)
      select 'k' || g, now(), 1 from generate_series(1, 300) g`;
    assert.equal((await planner(sql)).analysed, false);
    const maintenance = startMaintenance(sql, 30);
    try {
      await until(async () => (await planner(sql)).analysed);
      assert.equal((await planner(sql)).reltuples, 300);
      await sql`insert into rate_limits (key, window_start, count)
        select 'n' || g, now(), 1 from generate_series(1, 200) g`;
      await sql`delete from rate_limits where key like 'k%' and substr(key, 2)::int <= 100`;
      await until(async () => (await planner(sql)).reltuples === 400);
    } finally {
      await maintenance.stop();
    }
  } finally {
    await db.close();
  }
});
