// Failed logins per key (migration 014): lib/platform/login_throttle.ts decides the delays.
import type { Db } from "./client.ts";

/** The failures and block of each of these keys that has any (keys without failures are absent). */
export async function loginFailureStates(
  sql: Db,
  keys: string[],
): Promise<{ key: string; failures: number; blocked_until: Date | null }[]> {
  return await sql<{ key: string; failures: number; blocked_until: Date | null }[]>`
    select key, failures, blocked_until from login_failures where key = any(${keys}::text[])`;
}

/** Counts one failure of `key` in one statement; returns the failures so far, this one included. */
export async function addLoginFailure(sql: Db, key: string, now: Date): Promise<number> {
  const [row] = await sql<{ failures: number }[]>`
    insert into login_failures (key, failures, last_failed_at) values (${key}, 1, ${now})
    on conflict (key) do update set failures = login_failures.failures + 1, last_failed_at = ${now}
    returning failures`;
  return row.failures;
}

/** Blocks `key` until the given instant. */
export async function blockLogin(sql: Db, key: string, until: Date): Promise<void> {
  await sql`update login_failures set blocked_until = ${until} where key = ${key}`;
}

/** Forgets the failures of `key` (a successful login). */
export async function clearLoginFailures(sql: Db, key: string): Promise<void> {
  await sql`delete from login_failures where key = ${key}`;
}

/** Forgets keys whose last failure is older than `before`. */
export async function purgeLoginFailures(sql: Db, before: Date): Promise<void> {
  await sql`delete from login_failures where last_failed_at < ${before}`;
}
