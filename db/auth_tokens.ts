// One-time staff tokens (mail links, login links): stored as their hash, used once by one statement,
// revoked together.
import type { Db } from "./client.ts";
import type { TokenPurpose } from "../lib/rules/accounts.ts";

/** Stores the hash of a one-time staff token (mail links, login links). */
export async function insertAuthToken(
  sql: Db,
  token: { userId: number; purpose: TokenPurpose; hash: string; expiresAt: Date },
): Promise<void> {
  await sql`insert into auth_tokens (user_id, purpose, token_hash, expires_at)
    values (${token.userId}, ${token.purpose}, ${token.hash}, ${token.expiresAt})`;
}

/**
 * Uses a staff token once: marks it used and returns its user id, or null when unknown, used, expired
 * or of another purpose. One statement, so two concurrent uses cannot both succeed.
 */
export async function consumeAuthToken(
  sql: Db,
  hash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | null> {
  const [row] = await sql<{ user_id: number }[]>`
    update auth_tokens set used_at = ${now}
    where token_hash = ${hash} and purpose = ${purpose} and used_at is null and expires_at > ${now}
      and user_id is not null
    returning user_id`;
  return row ? Number(row.user_id) : null;
}

/** The user id of a token that is still usable, without using it (to show the right page). */
export async function peekAuthToken(
  sql: Db,
  hash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | null> {
  const [row] = await sql<{ user_id: number }[]>`
    select user_id from auth_tokens
    where token_hash = ${hash} and purpose = ${purpose} and used_at is null and expires_at > ${now}
      and user_id is not null`;
  return row ? Number(row.user_id) : null;
}

/** Retires every unused token of a user for a purpose (a new link replaces the old ones). */
export async function revokeAuthTokens(sql: Db, userId: number, purpose: TokenPurpose, now: Date) {
  await sql`update auth_tokens set used_at = ${now}
    where user_id = ${userId} and purpose = ${purpose} and used_at is null`;
}
