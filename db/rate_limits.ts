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
