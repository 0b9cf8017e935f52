// The audit log (migration 051): appended to, read by channel or platform-wide, purged after its retention.
import type { Sql } from "postgres";
import type { Db, Json } from "./client.ts";
import type { AuditFilter } from "../lib/rules/audit.ts";

/** An entry as it is written. */
export interface AuditEntry {
  channelId: number | null;
  actorId: number | null;
  actorLogin: string;
  address: string | null;
  action: string;
  objectType: string | null;
  objectId: string | null;
  details: Record<string, unknown>;
}

/** An entry as the log's page and its CSV show it. */
export interface AuditRow {
  id: number;
  at: Date;
  channel_id: number | null;
  actor_id: number | null;
  actor_login: string;
  address: string | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  details: Record<string, unknown>;
}

/** Appends one entry. */
export async function insertAudit(sql: Db, e: AuditEntry): Promise<void> {
  await sql`insert into audit_log (channel_id, actor_id, actor_login, address, action, object_type, object_id, details)
    values (${e.channelId}, ${e.actorId}, ${e.actorLogin}, ${e.address}, ${e.action}, ${e.objectType},
      ${e.objectId}, ${sql.json(e.details as Json)})`;
}

/**
 * Entries of a channel (or of every channel and the platform's own when `channelId` is null), newest
 * first, filtered by person, action and days (`timeZone` says where a day starts).
 */
export async function listAudit(
  sql: Db,
  channelId: number | null,
  filter: AuditFilter,
  timeZone: string,
  limit: number,
): Promise<AuditRow[]> {
  return await sql<AuditRow[]>`
    select id::float8 as id, at, channel_id::float8 as channel_id, actor_id::float8 as actor_id, actor_login,
      address, action, object_type, object_id, details
    from audit_log
    where (${channelId}::bigint is null or channel_id = ${channelId})
      and (${filter.actorId ?? null}::bigint is null or actor_id = ${filter.actorId ?? null})
      and (${filter.action ?? null}::text is null or action = ${filter.action ?? null})
      and (${filter.from ?? null}::date is null
        or at >= (${filter.from ?? null}::date)::timestamp at time zone ${timeZone})
      and (${filter.to ?? null}::date is null
        or at < (${filter.to ?? null}::date + 1)::timestamp at time zone ${timeZone})
    order by at desc, id desc
    limit ${limit}`;
}

/** The people who appear in a channel's log (or the whole log), for the filter. */
export async function auditActors(
  sql: Db,
  channelId: number | null,
): Promise<{ id: number; login: string }[]> {
  return await sql<{ id: number; login: string }[]>`
    select distinct on (actor_id) actor_id::float8 as id, actor_login as login from audit_log
    where actor_id is not null and (${channelId}::bigint is null or channel_id = ${channelId})
    order by actor_id, at desc`;
}

/**
 * Deletes the entries past their channel's retention (months before `now`; `defaultMonths` for entries of no
 * channel, or of a channel since deleted): the one delete the append-only trigger lets through.
 */
export async function purgeAudit(sql: Sql, now: Date, defaultMonths: number): Promise<number> {
  return await sql.begin(async (tx) => {
    await tx`select set_config('im.audit_purge', 'on', true)`;
    const rows = await tx`
      delete from audit_log a
      where a.at < ${now}::timestamptz - interval '1 month' -- the shortest retention: the index on at narrows
        and a.at < ${now}::timestamptz - make_interval(months => coalesce(
        (select c.audit_retention_months from channels c where c.id = a.channel_id), ${defaultMonths}::int))
      returning 1`;
    return rows.length;
  });
}

/** How long a channel keeps its audit log (months); null for an unknown channel. */
export async function getAuditRetention(sql: Db, channelId: number): Promise<number | null> {
  const [row] = await sql<{ months: number }[]>`
    select audit_retention_months as months from channels where id = ${channelId}`;
  return row?.months ?? null;
}

/** Sets how long a channel keeps its audit log (months, already checked). */
export async function setAuditRetention(sql: Db, channelId: number, months: number): Promise<void> {
  await sql`update channels set audit_retention_months = ${months} where id = ${channelId}`;
}

/**
 * Appends one entry per message, each under its message's channel (read in the same statement, so a
 * thousand rejected messages are one insert).
 */
export async function insertMessageAudit(
  sql: Db,
  e: Pick<AuditEntry, "actorId" | "actorLogin" | "address" | "action" | "details">,
  messageIds: number[],
): Promise<void> {
  await sql`insert into audit_log (channel_id, actor_id, actor_login, address, action, object_type, object_id, details)
    select m.channel_id, ${e.actorId}, ${e.actorLogin}, ${e.address}, ${e.action}, 'message', m.id::text,
      ${sql.json(e.details as Json)}
    from messages m where m.id = any(${messageIds}::bigint[]) order by m.id`;
}
