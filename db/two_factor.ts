// Staff second factors (migration 050): the authenticator app's sealed secret, the recovery codes (hashed),
// and who must have one.
import type { Sql } from "postgres";
import type { Db } from "./client.ts";
import type { TwoFactorPolicy } from "../lib/rules/two_factor.ts";

/** A staff account's authenticator app. */
export interface TotpRow {
  secret_enc: string;
  confirmed_at: Date | null;
  last_step: number | null;
}

/** The authenticator app of a staff account, confirmed or not. */
export async function getTotp(sql: Db, userId: number): Promise<TotpRow | null> {
  const [row] = await sql<TotpRow[]>`
    select secret_enc, confirmed_at, last_step::float8 as last_step from staff_totp where user_id = ${userId}`;
  return row ?? null;
}

/** Starts (or restarts) an enrolment with a new sealed secret; a confirmed factor is left alone (null). */
export async function startTotp(sql: Db, userId: number, secretEnc: string): Promise<boolean> {
  const rows = await sql`
    insert into staff_totp (user_id, secret_enc) values (${userId}, ${secretEnc})
    on conflict (user_id) do update set secret_enc = excluded.secret_enc, last_step = null,
      created_at = now()
      where staff_totp.confirmed_at is null
    returning 1`;
  return rows.length > 0;
}

/**
 * Records that the code of `step` was used, in one statement: false when a code of that step or a later
 * one was already accepted (a replay), so two requests with the same code cannot both pass.
 */
export async function claimTotpStep(sql: Db, userId: number, step: number): Promise<boolean> {
  const rows = await sql`
    update staff_totp set last_step = ${step}
    where user_id = ${userId} and (last_step is null or last_step < ${step})
    returning 1`;
  return rows.length > 0;
}

/** Confirms an enrolment and replaces the recovery codes by these hashes, in one transaction. */
export async function confirmTotp(sql: Sql, userId: number, codeHashes: string[]): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update staff_totp set confirmed_at = now() where user_id = ${userId}`;
    await tx`delete from staff_recovery_codes where user_id = ${userId}`;
    await tx`insert into staff_recovery_codes ${
      tx(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    }`;
  });
}

/** Uses a recovery code once: true when it was one of the account's unused codes. */
export async function spendRecoveryCode(sql: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await sql`
    update staff_recovery_codes set used_at = now()
    where user_id = ${userId} and code_hash = ${codeHash} and used_at is null
    returning 1`;
  return rows.length > 0;
}

/** Recovery codes not used yet. */
export async function countRecoveryCodes(sql: Db, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from staff_recovery_codes where user_id = ${userId} and used_at is null`;
  return row.n;
}

/** Removes every second factor of an account (lost phone); true when there was one. */
export async function deleteSecondFactors(sql: Sql, userId: number): Promise<boolean> {
  return await sql.begin(async (tx) => {
    await tx`delete from staff_recovery_codes where user_id = ${userId}`;
    const rows = await tx`delete from staff_totp where user_id = ${userId} returning 1`;
    const passkeys = await tx`delete from staff_passkeys where user_id = ${userId} returning 1`;
    return rows.length + passkeys.length > 0;
  });
}

/** The policies that apply to a staff account: its channel's (none without a channel) and the platform's. */
export async function twoFactorPolicies(
  sql: Db,
  userId: number,
): Promise<{ channel: TwoFactorPolicy; platform: TwoFactorPolicy }> {
  const [row] = await sql<{ channel: TwoFactorPolicy; platform: TwoFactorPolicy }[]>`
    select coalesce(c.two_factor_required, 'none') as channel,
      (select two_factor_required from platform_settings) as platform
    from users u left join channels c on c.id = u.channel_id
    where u.id = ${userId}`;
  return row ?? { channel: "none", platform: "none" };
}

/** Sets who must have a second factor in a channel. */
export async function setChannelTwoFactor(
  sql: Db,
  channelId: number,
  policy: TwoFactorPolicy,
): Promise<void> {
  await sql`update channels set two_factor_required = ${policy} where id = ${channelId}`;
}

/** Sets who must have a second factor on the whole platform. */
export async function setPlatformTwoFactor(sql: Db, policy: TwoFactorPolicy): Promise<void> {
  await sql`update platform_settings set two_factor_required = ${policy}`;
}

/** Who must have a second factor in a channel and on the platform. */
export async function getTwoFactorSettings(
  sql: Db,
  channelId: number | null,
): Promise<{ channel: TwoFactorPolicy | null; platform: TwoFactorPolicy }> {
  const [row] = await sql<{ channel: TwoFactorPolicy | null; platform: TwoFactorPolicy }[]>`
    select (select two_factor_required from channels where id = ${channelId}) as channel,
      two_factor_required as platform from platform_settings`;
  return row;
}
