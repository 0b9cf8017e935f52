// Server-side sessions (migration 014): a token is valid only while its session row is neither revoked
// nor expired. Staff and visitors share the table, told apart by `kind`.
import type { Db } from "./client.ts";
import type { StaffUser } from "../lib/rules/permissions.ts";

export type SessionKind = "staff" | "visitor";

/** Records a new session. */
export async function insertSession(
  sql: Db,
  session: {
    id: string;
    kind: SessionKind;
    userId: number;
    expiresAt: Date;
    /**
     * The channel whose OpenID provider signed in (null: the platform's, migration 100), and its ID token
     * sealed (migration 097).
     */
    provider?: { channelId: number | null; idTokenEnc: string | null } | null;
  },
): Promise<void> {
  const provider = session.provider ?? null;
  await sql`insert into sessions (id, kind, user_id, expires_at, sso_channel_id, sso_platform, id_token_enc)
    values (${session.id}, ${session.kind}, ${session.userId}, ${session.expiresAt},
      ${provider?.channelId ?? null}, ${!!provider && provider.channelId === null},
      ${provider?.idTokenEnc ?? null})`;
}

/** The provider a session was opened through (its channel, null for the platform's; sealed ID token), or null. */
export async function getSessionProvider(
  sql: Db,
  sessionId: string,
): Promise<{ channelId: number | null; idTokenEnc: string | null } | null> {
  const [row] = await sql<
    { channel_id: number | null; platform: boolean; id_token_enc: string | null }[]
  >`select sso_channel_id::int as channel_id, sso_platform as platform, id_token_enc
    from sessions where id = ${sessionId}`;
  if (row?.platform) return { channelId: null, idTokenEnc: row.id_token_enc };
  return row?.channel_id ? { channelId: row.channel_id, idTokenEnc: row.id_token_enc } : null;
}

// last_seen_at is written at most every five minutes per session, in the same statement as the read.
const TOUCH = "5 minutes";

/**
 * The active staff user of a live session, in one statement (one primary-key lookup joined with the
 * user), or null when the session is revoked, expired, someone else's, or the account is inactive.
 */
export async function getSessionStaffUser(
  sql: Db,
  sessionId: string,
  userId: number,
): Promise<StaffUser | null> {
  const [user] = await sql<StaffUser[]>`
    with touched as (
      update sessions set last_seen_at = now()
      where id = ${sessionId} and last_seen_at < now() - ${TOUCH}::interval and revoked_at is null
    )
    select u.id, u.login, u.email, u.role, u.channel_id, u.language, u.first_name, u.last_name, u.image_url
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId} and s.kind = 'staff' and s.user_id = ${userId}
      and s.revoked_at is null and s.expires_at > now() and u.active`;
  return user ?? null;
}

/** True when the visitor session is live for that app user. */
export async function visitorSessionLive(sql: Db, sessionId: string, userId: number): Promise<boolean> {
  const rows = await sql`
    with touched as (
      update sessions set last_seen_at = now()
      where id = ${sessionId} and last_seen_at < now() - ${TOUCH}::interval and revoked_at is null
    )
    select 1 from sessions
    where id = ${sessionId} and kind = 'visitor' and user_id = ${userId}
      and revoked_at is null and expires_at > now()`;
  return rows.length > 0;
}

/** Revokes one session (logout). */
export async function revokeSession(sql: Db, sessionId: string): Promise<void> {
  await sql`update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`;
}

/** Revokes every live session of a user, but `exceptId` when given; returns how many ended. */
export async function revokeUserSessions(
  sql: Db,
  kind: SessionKind,
  userId: number,
  exceptId: string | null = null,
): Promise<number> {
  const rows = await sql`update sessions set revoked_at = now()
    where kind = ${kind} and user_id = ${userId} and revoked_at is null
      and id is distinct from ${exceptId}::uuid
    returning id`;
  return rows.length;
}

/** Forgets sessions that expired or were revoked before `before`. */
export async function purgeSessions(sql: Db, before: Date): Promise<void> {
  await sql`delete from sessions where expires_at < ${before} or revoked_at < ${before}`;
}
