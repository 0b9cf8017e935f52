// Login throttling (issue 18, "Staff and listener sessions"): only failures count, per (e-mail, client
// address) pair, with growing delays, so that nobody can lock an account from another address and
// correct logins never lock anyone. A success clears the pair. The address alone also has a (much
// higher) allowance, against one machine trying many e-mails.
import type { Sql } from "postgres";
import { addLoginFailure, blockedUntil, blockLogin, clearLoginFailures } from "../../db/login_failures.ts";
import { AppError } from "../rules/errors.ts";

/** Failures allowed before the first delay, the first delay, and the longest one (seconds). */
export const LOGIN_THROTTLE = {
  pair: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 15 * 60 },
  address: { freeFailures: 50, firstDelaySeconds: 1, maxDelaySeconds: 15 * 60 },
} as const;

export type ThrottleRule = (typeof LOGIN_THROTTLE)[keyof typeof LOGIN_THROTTLE];

/**
 * Seconds to wait after `failures` failures: none up to the allowance, then the first delay, doubling
 * with each further failure up to the longest.
 */
export function loginDelaySeconds(failures: number, rule: ThrottleRule = LOGIN_THROTTLE.pair): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** doublings);
}

/** The throttle keys of a login attempt: the pair and the address alone. */
export function loginKeys(audience: "staff" | "visitor", email: string, address: string) {
  return {
    pair: `login:${audience}:${email.trim().toLowerCase()}|${address}`,
    address: `login:${audience}:ip|${address}`,
  };
}

/**
 * Runs `attempt` unless its keys are blocked (429 `rate_limited` with the seconds to wait): a failure
 * (any 401) counts against both keys and may block them; a success clears the pair.
 */
export async function throttledLogin<T>(
  sql: Sql,
  keys: { pair: string; address: string },
  attempt: () => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  const until = await blockedUntil(sql, [keys.pair, keys.address], now);
  if (until) {
    throw new AppError(429, "rate_limited", {
      seconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    });
  }
  try {
    const result = await attempt();
    await clearLoginFailures(sql, keys.pair);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) {
      for (
        const [key, rule] of [[keys.pair, LOGIN_THROTTLE.pair], [
          keys.address,
          LOGIN_THROTTLE.address,
        ]] as const
      ) {
        const delay = loginDelaySeconds(await addLoginFailure(sql, key, now), rule);
        if (delay > 0) await blockLogin(sql, key, new Date(now.getTime() + delay * 1000));
      }
    }
    throw error;
  }
}
