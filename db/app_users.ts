// Listeners' accounts (app users): reading and writing them, the nickname and e-mail checks, and the
// one-time tokens of a forgotten password.
import type { Columns, Db, Sql } from "./client.ts";
import type { AppUserRow } from "../lib/rules/app_users.ts";

const COLUMNS = [
  "id",
  "channel_id",
  "udid",
  "is_anonymous",
  "language",
  "nickname",
  "city",
  "phone",
  "email",
  "password_hash",
  "first_name",
  "last_name",
  "receive_emails",
  "birth_date",
  "avatar_url",
  "points",
  "created_at",
];

/** The app user with that id, or null. */
export async function getAppUser(sql: Db, id: number): Promise<AppUserRow | null> {
  const [row] = await sql<AppUserRow[]>`select ${sql(COLUMNS)} from app_users where id = ${id}`;
  return row ?? null;
}

/** The registered (non-anonymous) app user of an email, compared without case, or null. */
export async function findRegisteredByEmail(sql: Db, email: string): Promise<AppUserRow | null> {
  const [row] = await sql<AppUserRow[]>`select ${sql(COLUMNS)} from app_users
    where lower(email) = lower(${email}) and not is_anonymous`;
  return row ?? null;
}

/** The latest anonymous app user of a device with that pseudonym (without case), or null. */
export async function findAnonymous(sql: Db, udid: string, nickname: string): Promise<AppUserRow | null> {
  const [row] = await sql<AppUserRow[]>`select ${sql(COLUMNS)} from app_users
    where is_anonymous and udid = ${udid} and lower(nickname) = lower(${nickname})
    order by id desc limit 1`;
  return row ?? null;
}

/** True when a registered app user other than `exceptId` has this email. */
export async function isEmailTaken(
  sql: Db,
  email: string,
  exceptId: number | null = null,
): Promise<boolean> {
  const rows = await sql`select 1 from app_users
    where lower(email) = lower(${email}) and not is_anonymous and id is distinct from ${exceptId} limit 1`;
  return rows.length > 0;
}

/** True when a registered app user other than `exceptId` has this nickname (without case). */
export async function isNicknameTaken(
  sql: Db,
  nickname: string,
  exceptId: number | null = null,
): Promise<boolean> {
  const rows = await sql`select 1 from app_users
    where lower(nickname) = lower(${nickname}) and not is_anonymous and id is distinct from ${exceptId} limit 1`;
  return rows.length > 0;
}

/**
 * The columns of an app user a write may set: those of its row but its id, and the password's hash (never
 * read back with the row).
 */
export type AppUserColumns = Columns<Omit<AppUserRow, "id"> & { password_hash: string | null }>;

/** Inserts an app user from validated column values and returns it. */
export async function insertAppUser(sql: Db, values: AppUserColumns): Promise<AppUserRow> {
  const [row] = await sql<AppUserRow[]>`insert into app_users ${sql(values)}
    returning ${sql(COLUMNS)}`;
  return row;
}

/** Updates the given columns of an app user and returns it (null when it does not exist). */
export async function updateAppUser(
  sql: Db,
  id: number,
  values: AppUserColumns,
): Promise<AppUserRow | null> {
  if (Object.keys(values).length === 0) return await getAppUser(sql, id);
  const [row] = await sql<AppUserRow[]>`update app_users set ${sql(values)}, updated_at = now()
    where id = ${id} returning ${sql(COLUMNS)}`;
  return row ?? null;
}

/** Stores a one-time reset token (its SHA-256 only) for an app user. */
export async function insertResetToken(
  sql: Db,
  appUserId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await sql`insert into auth_tokens (app_user_id, purpose, token_hash, expires_at)
    values (${appUserId}, 'reset', ${tokenHash}, ${expiresAt})`;
}

/** The app user of an unused, unexpired reset token, or null. */
export async function resetTokenOwner(sql: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await sql<{ app_user_id: number }[]>`select app_user_id from auth_tokens
    where token_hash = ${tokenHash} and purpose = 'reset' and app_user_id is not null
      and used_at is null and expires_at > ${now}`;
  return row?.app_user_id ?? null;
}

/**
 * Uses a reset token once: sets the password and marks every reset token of that app user used, in
 * one transaction; returns the app user id, or null when the token is unknown, used or expired.
 */
export async function consumeResetToken(
  sql: Sql,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<number | null> {
  return await sql.begin(async (tx) => {
    const [row] = await tx<{ app_user_id: number }[]>`update auth_tokens set used_at = ${now}
      where token_hash = ${tokenHash} and purpose = 'reset' and app_user_id is not null
        and used_at is null and expires_at > ${now}
      returning app_user_id`;
    if (!row) return null;
    await tx`update app_users set password_hash = ${passwordHash}, updated_at = now()
      where id = ${row.app_user_id}`;
    await tx`update auth_tokens set used_at = ${now}
      where app_user_id = ${row.app_user_id} and purpose = 'reset' and used_at is null`;
    return row.app_user_id;
  }) as number | null;
}
