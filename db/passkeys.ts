// Staff passkeys (migration 069): the credentials of an account and the one-use challenges of WebAuthn.
import type { Db } from "./client.ts";

/** A passkey as sign-in checks it. */
export interface PasskeyRow {
  id: string;
  user_id: number;
  public_key: Uint8Array;
  counter: number;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

/** The passkeys of an account, oldest first. */
export async function listPasskeys(sql: Db, userId: number): Promise<PasskeyRow[]> {
  return await sql<PasskeyRow[]>`
    select id, user_id::float8 as user_id, public_key, counter::float8 as counter, transports, created_at,
      last_used_at
    from staff_passkeys where user_id = ${userId} order by created_at, id`;
}

/** Stores a registered passkey. */
export async function insertPasskey(
  sql: Db,
  p: { id: string; userId: number; publicKey: Uint8Array; counter: number; transports: string[] },
): Promise<void> {
  await sql`insert into staff_passkeys (id, user_id, public_key, counter, transports)
    values (${p.id}, ${p.userId}, ${p.publicKey}, ${p.counter}, ${p.transports})`;
}

/**
 * Moves a passkey's counter after a sign-in; false when another sign-in moved it past `counter` meanwhile
 * (the same response played twice).
 */
export async function movePasskeyCounter(
  sql: Db,
  id: string,
  previous: number,
  counter: number,
): Promise<boolean> {
  const rows = await sql`update staff_passkeys set counter = ${counter}, last_used_at = now()
    where id = ${id} and counter = ${previous} returning 1`;
  return rows.length > 0;
}

/** Keeps a challenge handed out for `purpose`, good until `expiresAt`. */
export async function saveChallenge(
  sql: Db,
  c: { challenge: string; userId: number; purpose: "register" | "authenticate"; expiresAt: Date },
): Promise<void> {
  await sql`delete from staff_webauthn_challenges where expires_at < now()`;
  await sql`insert into staff_webauthn_challenges (challenge, user_id, purpose, expires_at)
    values (${c.challenge}, ${c.userId}, ${c.purpose}, ${c.expiresAt})`;
}

/** Takes a challenge once: true when it was handed to this account for this purpose and is still good. */
export async function takeChallenge(
  sql: Db,
  challenge: string,
  userId: number,
  purpose: "register" | "authenticate",
  now: Date,
): Promise<boolean> {
  const rows = await sql`delete from staff_webauthn_challenges
    where challenge = ${challenge} and user_id = ${userId} and purpose = ${purpose} and expires_at > ${now}
    returning 1`;
  return rows.length > 0;
}

/** Replaces an account's recovery codes by these hashes (its first factor was a passkey). */
export async function replaceRecoveryCodes(sql: Db, userId: number, codeHashes: string[]): Promise<void> {
  await sql`delete from staff_recovery_codes where user_id = ${userId}`;
  await sql`insert into staff_recovery_codes ${
    sql(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
  }`;
}
