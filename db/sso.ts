// Single sign-on settings of a channel (migration 077) and of the platform (migration 100).
// client_secret_enc never leaves lib/.
import type { Db } from "./client.ts";

/** A channel's OpenID provider. */
export interface ChannelSsoRow {
  channel_id: number;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_enc: string;
  email_domains: string[];
  password_sign_in: boolean;
  create_accounts: boolean;
  /** The provider asks its own second factor: sign-in does not ask the local one (migration 083). */
  provider_two_factor: boolean;
  /** The claim listing the person's groups, and the groups that give each role (migration 096). */
  role_claim: string;
  administrator_groups: string[];
  operator_groups: string[];
}

const columns = (sql: Db) =>
  sql`channel_id::int as channel_id, display_name, issuer, client_id, client_secret_enc, email_domains,
    password_sign_in, create_accounts, provider_two_factor, role_claim, administrator_groups, operator_groups`;

/** The provider of a channel, or null when it has none. */
export async function getChannelSso(sql: Db, channelId: number): Promise<ChannelSsoRow | null> {
  const [row] = await sql<ChannelSsoRow[]>`select ${
    columns(sql)
  } from channel_sso where channel_id = ${channelId}`;
  return row ?? null;
}

/** The provider that signs in the addresses of a domain (lower case), or null. */
export async function findSsoByDomain(sql: Db, domain: string): Promise<ChannelSsoRow | null> {
  const [row] = await sql<ChannelSsoRow[]>`
    select ${columns(sql)} from channel_sso where email_domains @> array[${domain}]::text[]
    order by channel_id limit 1`;
  return row ?? null;
}

/** Sets a channel's provider (the secret already sealed). */
export async function saveChannelSso(sql: Db, row: ChannelSsoRow): Promise<void> {
  await sql`insert into channel_sso ${sql({ ...row, updated_at: new Date() })}
    on conflict (channel_id) do update set display_name = excluded.display_name, issuer = excluded.issuer,
      client_id = excluded.client_id, client_secret_enc = excluded.client_secret_enc,
      email_domains = excluded.email_domains, password_sign_in = excluded.password_sign_in,
      create_accounts = excluded.create_accounts, provider_two_factor = excluded.provider_two_factor,
      role_claim = excluded.role_claim, administrator_groups = excluded.administrator_groups,
      operator_groups = excluded.operator_groups, updated_at = excluded.updated_at`;
}

/** Removes a channel's provider (password sign-in works again). */
export async function deleteChannelSso(sql: Db, channelId: number): Promise<void> {
  await sql`delete from channel_sso where channel_id = ${channelId}`;
}

/** The platform's OpenID provider, set by a super administrator (migration 100). */
export interface PlatformSsoRow {
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_enc: string;
  email_domains: string[];
  provider_two_factor: boolean;
  /** The claim listing the person's groups, and the groups whose members are super administrators. */
  role_claim: string;
  super_administrator_groups: string[];
}

/** The platform's provider, or null when none is set. */
export async function getPlatformSso(sql: Db): Promise<PlatformSsoRow | null> {
  const [row] = await sql<PlatformSsoRow[]>`
    select display_name, issuer, client_id, client_secret_enc, email_domains, provider_two_factor, role_claim,
      super_administrator_groups
    from platform_sso`;
  return row ?? null;
}

/** Sets the platform's provider (the secret already sealed). */
export async function savePlatformSso(sql: Db, row: PlatformSsoRow): Promise<void> {
  await sql`insert into platform_sso ${sql({ ...row, id: true, updated_at: new Date() })}
    on conflict (id) do update set display_name = excluded.display_name, issuer = excluded.issuer,
      client_id = excluded.client_id, client_secret_enc = excluded.client_secret_enc,
      email_domains = excluded.email_domains, provider_two_factor = excluded.provider_two_factor,
      role_claim = excluded.role_claim, super_administrator_groups = excluded.super_administrator_groups,
      updated_at = excluded.updated_at`;
}

/** Removes the platform's provider. */
export async function deletePlatformSso(sql: Db): Promise<void> {
  await sql`delete from platform_sso`;
}

/** Whether the account's channel turned password sign-in off (a super administrator's never is). */
export async function passwordSignInOff(sql: Db, userId: number): Promise<boolean> {
  const [row] = await sql<{ off: boolean }[]>`
    select not s.password_sign_in as off from users u join channel_sso s on s.channel_id = u.channel_id
    where u.id = ${userId}`;
  return !!row?.off;
}
