// Server-side sessions (DESIGN.md "Sessions"): every token names a session row, so that logout,
// "log out everywhere" and a password change end tokens before their expiry.
import type { Sql } from "postgres";
import {
  getSessionStaffUser,
  insertSession,
  purgeSessions,
  revokeSession,
  revokeUserSessions,
  type SessionKind,
} from "../../db/sessions.ts";
import { purgeLoginFailures } from "../../db/login_failures.ts";
import { type Audience, signToken, tokenTtlSeconds } from "./auth.ts";

/** Opens a session for a staff user or a visitor and returns its signed token. */
export async function openSession(
  sql: Sql,
  secret: Uint8Array,
  userId: number,
  audience: Audience,
  now: Date = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + tokenTtlSeconds(audience) * 1000);
  await insertSession(sql, { id, kind: audience, userId, expiresAt });
  return await signToken(secret, userId, audience, id);
}

/**
 * Opens a staff session signed in through a channel's OpenID provider (or the platform's, channel null): it remembers the provider and its
 * ID token (sealed), so signing out ends the sign-in there too (lib/accounts/sso.ts providerSignOutUrl).
 */
export async function openProviderSession(
  sql: Sql,
  secret: Uint8Array,
  userId: number,
  provider: { channelId: number | null; idTokenEnc: string | null },
  now: Date = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + tokenTtlSeconds("staff") * 1000);
  await insertSession(sql, { id, kind: "staff", userId, expiresAt, provider });
  return await signToken(secret, userId, "staff", id);
}

/** Ends one session (logout). */
export async function endSession(sql: Sql, sessionId: string): Promise<void> {
  await revokeSession(sql, sessionId);
}

/** Ends every session of a user ("log out everywhere", password reset), or every other one than `keep`. */
export async function endUserSessions(
  sql: Sql,
  kind: SessionKind,
  userId: number,
  keep: string | null = null,
): Promise<number> {
  return await revokeUserSessions(sql, kind, userId, keep);
}

/** Forgets sessions ended or expired, and login failures, more than a day ago (the worker, hourly). */
export async function forgetOldSessions(sql: Sql, now: Date = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await purgeSessions(sql, dayAgo);
  await purgeLoginFailures(sql, dayAgo);
}

/** True while a staff session is live for that user (a live stream checks it now and then). */
export async function staffSessionLive(sql: Sql, sessionId: string, userId: number): Promise<boolean> {
  return (await getSessionStaffUser(sql, sessionId, userId)) !== null;
}
