// Rate limits kept in the database, so every instance counts the same: a hit per key and window, the
// purge of old windows.
import type { Db } from "./client.ts";

/**
 * Counts one hit of `key` in the fixed window that starts at `windowStart`; returns the hits of the
 * window so far, this one included. One statement, so concurrent hits never lose a count.
 */
export async function hitRateLimit(sql: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart}, 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`;
  return row.count;
}

/** Forgets the windows that ended before `before` (called now and then, not on every hit). */
export async function purgeRateLimits(sql: Db, before: Date): Promise<void> {
  await sql`delete from rate_limits where window_start < ${before}`;
}

/**
 * Counts a batch of hits in one statement: each key's windows incremented by its hits in the batch. Returns
 * each "key window" pair's count after the batch, so the nth of m hits of a pair counted `count - m + n`.
 */
export async function hitRateLimits(
  sql: Db,
  hits: { key: string; windowStart: Date }[],
): Promise<Map<string, number>> {
  if (!hits.length) return new Map();
  const rows = await sql<{ key: string; window_start: Date; count: number }[]>`
    insert into rate_limits (key, window_start, count)
    select k, w, count(*) from unnest(${hits.map((h) => h.key)}::text[],
      ${hits.map((h) => h.windowStart.toISOString())}::timestamptz[]) as h(k, w)
    group by k, w
    -- in one order: batches stored at once lock their counters in the same order, never each other's first
    order by k, w
    on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
    returning key, window_start, count`;
  return new Map(rows.map((r) => [`${r.key} ${new Date(r.window_start).toISOString()}`, r.count]));
}
