// Listeners' numbers linked to their accounts, and the codes a line texts to prove a number (073).
import type { Db, Sql } from "./client.ts";
import type { PhoneLinkMedium } from "../lib/rules/phone_links.ts";

/** A code kept for one account, number and medium. */
export interface PhoneLinkCodeRow {
  id: number;
  line_id: number;
  medium: PhoneLinkMedium;
  number_hash: string;
  number_enc: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

/** The lines of a channel that can text a code, by medium (the first of each, with credentials). */
export async function codeLinesOfChannel(sql: Db, channelId: number) {
  return await sql<{ id: number; kind: PhoneLinkMedium }[]>`
    select distinct on (kind) id::int as id, kind from phone_lines
    where channel_id = ${channelId} and kind in ('sms', 'whatsapp') and credentials_enc is not null
    order by kind, id`;
}

/** Keeps a new code; the account's earlier codes for that number and medium are spent. */
export async function insertLinkCode(sql: Sql, code: {
  appUserId: number;
  lineId: number;
  medium: PhoneLinkMedium;
  numberHash: string;
  numberEnc: string;
  codeHash: string;
  expiresAt: Date;
}): Promise<number> {
  return await sql.begin(async (tx) => {
    await tx`update phone_link_codes set used_at = now()
      where app_user_id = ${code.appUserId} and number_hash = ${code.numberHash} and medium = ${code.medium}
        and used_at is null`;
    const [row] = await tx<{ id: number }[]>`
      insert into phone_link_codes (app_user_id, line_id, medium, number_hash, number_enc, code_hash, expires_at)
      values (${code.appUserId}, ${code.lineId}, ${code.medium}, ${code.numberHash}, ${code.numberEnc},
        ${code.codeHash}, ${code.expiresAt})
      returning id::int as id`;
    return row.id;
  });
}

/** Forgets a code the line could not text. */
export async function deleteLinkCode(sql: Db, id: number) {
  await sql`delete from phone_link_codes where id = ${id}`;
}

/** The account's latest code for a number and medium, or null. */
export async function latestLinkCode(sql: Db, appUserId: number, numberHash: string, medium: string) {
  const [row] = await sql<PhoneLinkCodeRow[]>`
    select id::int as id, line_id::int as line_id, medium, number_hash, number_enc, code_hash, attempts,
      expires_at, used_at
    from phone_link_codes
    where app_user_id = ${appUserId} and number_hash = ${numberHash} and medium = ${medium}
    order by id desc limit 1`;
  return row ?? null;
}

/** Counts a wrong guess; false when the code was spent meanwhile (a concurrent guess took the last one). */
export async function countWrongGuess(sql: Db, id: number, maxAttempts: number): Promise<boolean> {
  const rows = await sql`update phone_link_codes set attempts = attempts + 1
    where id = ${id} and used_at is null and attempts < ${maxAttempts} returning 1`;
  return rows.length > 0;
}

/** Spends a code once: false when it was already used (two confirmations at once). */
export async function spendLinkCode(sql: Db, id: number): Promise<boolean> {
  const rows = await sql`update phone_link_codes set used_at = now() where id = ${id} and used_at is null
    returning 1`;
  return rows.length > 0;
}

/** A participation an account adopted, with what its points depend on. */
export interface AdoptedMessage {
  id: number;
  channel_id: number;
  liked: boolean;
  broadcast_status: "none" | "broadcast_1" | "broadcast_2";
}

/**
 * Links the number (stored once by its hash) to the account, unless another account holds it; then the
 * number's participations without an author become the account's, except a second one in an interaction
 * that takes one per listener (the account's own stays); `credit` gives their points in the same
 * transaction. Returns the adopted participations' reward state,
 * or null when the number is another account's.
 */
export async function linkNumber(
  sql: Sql,
  link: { appUserId: number; numberHash: string; numberEnc: string },
  credit: (tx: Db, adopted: AdoptedMessage[]) => Promise<void>,
): Promise<AdoptedMessage[] | null> {
  return await sql.begin(async (tx) => {
    const [number] = await tx<{ id: number; app_user_id: number | null }[]>`
      insert into phone_numbers (number_hash, number_enc, app_user_id)
      values (${link.numberHash}, ${link.numberEnc}, ${link.appUserId})
      on conflict (number_hash) do update set app_user_id = coalesce(phone_numbers.app_user_id, excluded.app_user_id)
      returning id::int as id, app_user_id::int as app_user_id`;
    if (number.app_user_id !== link.appUserId) return null;
    const adopted = await tx<AdoptedMessage[]>`
      update messages m set author_app_user_id = ${link.appUserId}, updated_at = now()
      where m.phone_number_id = ${number.id} and m.author_app_user_id is null and m.erased_at is null
        and not (m.limited and exists (select 1 from messages o where o.segment_id = m.segment_id
          and o.author_app_user_id = ${link.appUserId} and o.limited))
      returning m.id::int as id, m.channel_id::int as channel_id, m.liked, m.broadcast_status`;
    await credit(tx, adopted);
    return adopted;
  });
}

/** The account a number is linked to, or null. */
export async function accountOfNumber(sql: Db, phoneNumberId: number): Promise<number | null> {
  const [row] = await sql<{ app_user_id: number | null }[]>`
    select app_user_id::int as app_user_id from phone_numbers where id = ${phoneNumberId}`;
  return row?.app_user_id ?? null;
}

/** The account a number already known by its keyed hash is linked to, or null (nothing is stored). */
export async function accountOfNumberHash(sql: Db, hash: string): Promise<number | null> {
  const [row] = await sql<{ app_user_id: number | null }[]>`
    select app_user_id::int as app_user_id from phone_numbers where number_hash = ${hash}`;
  return row?.app_user_id ?? null;
}

/** The numbers linked to an account (sealed), oldest first. */
export async function numbersOfAccount(sql: Db, appUserId: number) {
  return await sql<{ id: number; number_enc: string; profile_name: string | null; created_at: Date }[]>`
    select id::int as id, number_enc, profile_name, created_at from phone_numbers
    where app_user_id = ${appUserId} order by id`;
}

/** Unlinks a number from the account: later messages from it are anonymous again. */
export async function unlinkNumber(sql: Db, appUserId: number, phoneNumberId: number): Promise<boolean> {
  const rows = await sql`update phone_numbers set app_user_id = null
    where id = ${phoneNumberId} and app_user_id = ${appUserId} returning 1`;
  return rows.length > 0;
}
