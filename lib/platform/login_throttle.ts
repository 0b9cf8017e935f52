// Login throttling ("Staff and listener sessions"): only failures count, per (e-mail, client
// address) pair, with growing delays, so that nobody can lock an account from another address and
// correct logins never lock anyone. A success clears the pair. The address alone also has a (much
// higher) allowance, against one machine trying many e-mails. The e-mail alone has one too, against
// guesses spread over many addresses: once it is spent, an address that already failed for that e-mail
// waits, while an address with no failure for it is still heard, so the owner is never locked out by
// strangers.
import type { Sql } from "postgres";
import {
  addLoginFailure,
  blockLogin,
  clearLoginFailures,
  loginFailureStates,
} from "../../db/login_failures.ts";
import { AppError } from "../rules/errors.ts";

/** Failures allowed before the first delay, the first delay, and the longest one (seconds). */
export const LOGIN_THROTTLE = {
  pair: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 15 * 60 },
  address: { freeFailures: 50, firstDelaySeconds: 1, maxDelaySeconds: 15 * 60 },
  email: { freeFailures: 20, firstDelaySeconds: 1, maxDelaySeconds: 15 * 60 },
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

/** The throttle keys of a login attempt: the pair, the address alone and the e-mail alone. */
export function loginKeys(audience: "staff" | "visitor", email: string, address: string): LoginKeys {
  const normalised = email.trim().toLowerCase();
  return {
    pair: `login:${audience}:${normalised}|${address}`,
    address: `login:${audience}:ip|${address}`,
    email: `login:${audience}:email|${normalised}`,
  };
}

export interface LoginKeys {
  pair: string;
  address: string;
  email: string;
}

/**
 * Runs `attempt` unless it must wait (429 `rate_limited` with the seconds to wait): when the pair or the
 * address is blocked, or the e-mail is and this pair already failed. A failure (any 401) counts against
 * the three keys and may block them; a success clears the pair, unless `halfway` says the sign-in is not
 * over yet (a right password still waiting for its second factor: the codes guessed next count on).
 */
export async function throttledLogin<T>(
  sql: Sql,
  keys: LoginKeys,
  attempt: () => Promise<T>,
  now: Date = new Date(),
  halfway: (result: T) => boolean = () => false,
): Promise<T> {
  const states = new Map(
    (await loginFailureStates(sql, [keys.pair, keys.address, keys.email])).map((r) => [r.key, r]),
  );
  const blocked = (key: string) => {
    const until = states.get(key)?.blocked_until;
    return until && until > now ? until : null;
  };
  const pairFailed = (states.get(keys.pair)?.failures ?? 0) > 0;
  const waits = [blocked(keys.pair), blocked(keys.address), pairFailed ? blocked(keys.email) : null]
    .filter((d): d is Date => d !== null);
  if (waits.length > 0) {
    const until = Math.max(...waits.map((d) => d.getTime()));
    throw new AppError(429, "rate_limited", {
      seconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
    });
  }
  try {
    const result = await attempt();
    if (!halfway(result)) await clearLoginFailures(sql, keys.pair);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) {
      const rules = [
        [keys.pair, LOGIN_THROTTLE.pair],
        [keys.address, LOGIN_THROTTLE.address],
        [keys.email, LOGIN_THROTTLE.email],
      ] as const;
      for (const [key, rule] of rules) {
        const delay = loginDelaySeconds(await addLoginFailure(sql, key, now), rule);
        if (delay > 0) await blockLogin(sql, key, new Date(now.getTime() + delay * 1000));
      }
    }
    throw error;
  }
}
