// Request limits (DESIGN.md errors: 429) kept in the database, so that every instance shares them.
import type { Sql } from "postgres";
import { hitRateLimit } from "../../db/rate_limits.ts";
import { AppError } from "../rules/errors.ts";

/** A limit: at most `max` hits per window of `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** The start of the fixed window holding `now`. */
export function windowStart(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Seconds until the window holding `now` ends (at least 1). */
export function secondsLeft(now: Date, windowSeconds: number): number {
  const end = windowStart(now, windowSeconds).getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/**
 * Counts a hit for each key and throws 429 `rate_limited` (with the seconds to wait) when any key is
 * over its limit. Keys name what is limited, e.g. `login:ip:1.2.3.4` and `login:email:a@b.c`.
 */
export async function enforceRateLimit(
  sql: Sql,
  keys: string[],
  limit: RateLimit,
  now: Date = new Date(),
): Promise<void> {
  const start = windowStart(now, limit.windowSeconds);
  let over = false;
  for (const key of keys) {
    if (await hitRateLimit(sql, key, start) > limit.max) over = true;
  }
  if (over) throw new AppError(429, "rate_limited", { seconds: secondsLeft(now, limit.windowSeconds) });
}
