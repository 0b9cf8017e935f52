// The jobs' figures for Prometheus: how many per queue and state, and how long the oldest has waited.
import type { Db } from "./client.ts";

/** Jobs of pg-boss by queue and state (created, retry, active, completed, cancelled, failed). */
export async function jobStateCounts(sql: Db): Promise<{ name: string; state: string; count: number }[]> {
  return await sql<{ name: string; state: string; count: number }[]>`
    select name, state::text as state, count(*)::int as count from pgboss.job group by name, state`;
}

/**
 * Per queue, how long its oldest job due to start has waited (seconds, 0 when none waits): a growing figure
 * means the workers do not keep up.
 */
export async function jobQueueAges(sql: Db): Promise<{ name: string; seconds: number }[]> {
  return await sql<{ name: string; seconds: number }[]>`
    select name, coalesce(extract(epoch from now() - min(start_after))
      filter (where state in ('created', 'retry') and start_after <= now()), 0)::float8 as seconds
    from pgboss.job group by name`;
}
