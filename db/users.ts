// Staff accounts: reading them with their credentials, the list, the identifiers already taken, and
// writing their columns.
import type { Db } from "./client.ts";
import type { StaffUser } from "../lib/rules/permissions.ts";

/** The active staff user with that id (sessions are checked by db/sessions.ts getSessionStaffUser). */
export async function getStaffUser(sql: Db, id: number): Promise<StaffUser | null> {
  const [user] = await sql<StaffUser[]>`
    select id, login, email, role, channel_id, language, first_name, last_name, image_url
    from users where id = ${id} and active`;
  return user ?? null;
}

/** A staff account as the account pages and the users API show it. */
export interface UserRow extends StaffUser {
  phone: string | null;
  active: boolean;
  confirmed_at: Date | null;
  created_at: Date;
}

/** What login needs to know about an account. */
export interface UserCredentials {
  id: number;
  email: string;
  password_hash: string | null;
  active: boolean;
  confirmed_at: Date | null;
  role: StaffUser["role"];
  channel_id: number | null;
  language: string;
}

const USER_COLUMNS = [
  "id",
  "login",
  "email",
  "phone",
  "role",
  "channel_id",
  "language",
  "first_name",
  "last_name",
  "image_url",
  "active",
  "confirmed_at",
  "created_at",
] as const;

/** The account with that e-mail (already normalised), whatever its state. */
export async function findUserByEmail(sql: Db, email: string): Promise<UserCredentials | null> {
  const [user] = await sql<UserCredentials[]>`
    select id, email, password_hash, active, confirmed_at, role, channel_id, language
    from users where email = ${email}`;
  return user ?? null;
}

/** The account with that id, whatever its state. */
export async function getUser(sql: Db, id: number): Promise<UserRow | null> {
  const [user] = await sql<UserRow[]>`select ${sql(USER_COLUMNS)} from users where id = ${id}`;
  return user ?? null;
}

/** Which of an e-mail and a login already belong to another account. */
export async function takenIdentifiers(
  sql: Db,
  email: string | undefined,
  login: string | undefined,
  exceptId: number | null = null,
): Promise<{ email: boolean; login: boolean }> {
  const rows = await sql<{ email: string; login: string }[]>`
    select email, login from users
    where (email = ${email ?? null} or lower(login) = lower(${login ?? null}))
      and id is distinct from ${exceptId}`;
  return {
    email: !!email && rows.some((r) => r.email === email),
    login: !!login && rows.some((r) => r.login.toLowerCase() === login.toLowerCase()),
  };
}

/** Staff of a channel, or every staff account when `channelId` is null; by name. */
export async function listUsers(sql: Db, channelId: number | null): Promise<UserRow[]> {
  return await sql<UserRow[]>`select ${sql(USER_COLUMNS)} from users
    where ${channelId === null ? sql`true` : sql`channel_id = ${channelId}`}
    order by lower(last_name), lower(first_name), lower(login), id`;
}

/** Writable columns of a staff account. */
export type UserColumns = Partial<{
  login: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  language: string;
  image_url: string | null;
  active: boolean;
  confirmed_at: Date | null;
  role: StaffUser["role"];
  channel_id: number | null;
  sessions_valid_after: Date | null;
}>;

/** Inserts a staff account; returns its id. */
export async function insertUser(sql: Db, values: UserColumns & { login: string; email: string }) {
  const [row] = await sql<{ id: number }[]>`insert into users ${sql(values)} returning id`;
  return Number(row.id);
}

/** Updates the given columns of an account. */
export async function updateUser(sql: Db, id: number, values: UserColumns): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await sql`update users set ${sql(values)}, updated_at = now() where id = ${id}`;
}

/** True when the account has a password (an invited account has none until it confirms). */
export async function userHasPassword(sql: Db, id: number): Promise<boolean> {
  const [row] = await sql<
    { set: boolean }[]
  >`select password_hash is not null as set from users where id = ${id}`;
  return !!row?.set;
}
