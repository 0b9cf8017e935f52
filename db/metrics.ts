import type { Db } from "./client.ts";

/** Jobs of pg-boss by queue and state (created, retry, active, completed, cancelled, failed). */
export async function jobStateCounts(sql: Db): Promise<{ name: string; state: string; count: number }[]> {
  return await sql<{ name: string; state: string; count: number }[]>`
    select name, state::text as state, count(*)::int as count from pgboss.job group by name, state`;
}
