// The audit log: one function records every audited staff action (who, when, from which address, what, on
// which object), and the log is read per channel by its administrators or whole by a super administrator.
import type { Sql } from "postgres";
import {
  auditActors,
  type AuditRow,
  getAuditRetention,
  insertAudit,
  insertMessageAudit,
  listAudit,
  purgeAudit,
  setAuditRetention,
} from "../../db/audit.ts";

export type { AuditRow };
import { stringify } from "csv-stringify/sync";
import {
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_SIZE,
  AUDIT_RETENTION_MONTHS,
  type AuditAction,
  auditDetails,
  type AuditFilter,
  isAuditAction,
  isAuditRetention,
} from "../rules/audit.ts";
import type { TFunction } from "../rules/i18n.ts";
import { AppError } from "../rules/errors.ts";
import { normaliseEmail } from "../rules/accounts.ts";
import { findUserByEmail, getUser } from "../../db/users.ts";
import { channelTimeZone } from "../../db/statistics.ts";
import { isTimeZone } from "../rules/statistics.ts";
import { zonedDateTime } from "../rules/wall_clock.ts";
import { isSuperAdminMode, requireAccess, type StaffUser } from "../rules/permissions.ts";

/** Who acted: a staff account (its id, login and channel), or an unknown e-mail's failed sign-in (null). */
export type AuditActor = Pick<StaffUser, "id" | "login" | "channel_id"> | null;

/**
 * Records one staff action. `channelId` defaults to the actor's channel; `details` keeps only the names
 * of what changed (lib/rules/audit.ts auditDetails), never a listener's data.
 * @example await recordAudit(sql, { actor: user, address, action: "user_changed", object: ["user", 12] })
 */
export async function recordAudit(
  sql: Sql,
  entry: {
    actor: AuditActor;
    address: string | null;
    action: AuditAction;
    object?: [type: string, id: number | string];
    channelId?: number | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await insertAudit(sql, {
    channelId: entry.channelId !== undefined ? entry.channelId : entry.actor?.channel_id ?? null,
    actorId: entry.actor?.id ?? null,
    actorLogin: entry.actor?.login ?? "",
    address: entry.address,
    action: entry.action,
    objectType: entry.object?.[0] ?? null,
    objectId: entry.object ? String(entry.object[1]) : null,
    details: auditDetails(entry.details ?? {}),
  });
}

/**
 * Records one action per message, each under its message's channel: a super administrator acting from
 * another channel (or from none) is logged where that channel's administrators read it.
 */
export async function recordMessageAudit(
  sql: Sql,
  entry: { actor: AuditActor; address: string | null; action: AuditAction; messageIds: number[] },
): Promise<void> {
  if (entry.messageIds.length === 0) return;
  await insertMessageAudit(sql, {
    actorId: entry.actor?.id ?? null,
    actorLogin: entry.actor?.login ?? "",
    address: entry.address,
    action: entry.action,
    details: {},
  }, entry.messageIds);
}

/**
 * The log the actor may read (channel-settings: its channel's; a super administrator in super admin mode:
 * everything), filtered, newest first; with the time zone staff read it in, where its days also start:
 * the reader's channel's, UTC for a super administrator without a channel.
 */
export async function auditFor(
  sql: Sql,
  actor: StaffUser,
  filter: AuditFilter,
  limit = AUDIT_PAGE_SIZE,
): Promise<{ rows: AuditRow[]; actors: { id: number; login: string }[]; timeZone: string }> {
  requireAccess(actor, "channel-settings");
  const channelId = isSuperAdminMode(actor) ? null : actor.channel_id;
  if (channelId === null && !isSuperAdminMode(actor)) throw new AppError(404, "not_found");
  const zone = actor.channel_id ? await channelTimeZone(sql, actor.channel_id) : "UTC";
  const timeZone = isTimeZone(zone) ? zone : "UTC";
  const [rows, actors] = await Promise.all([
    listAudit(sql, channelId, filter, timeZone, limit),
    auditActors(sql, channelId),
  ]);
  return { rows, actors, timeZone };
}

/**
 * The log's entries as the API gives them: the instant (ISO, UTC) and the time staff read, on the clock of
 * the log's time zone, the zone named (lib/rules/wall_clock.ts zonedDateTime).
 */
export async function auditEntriesFor(sql: Sql, actor: StaffUser, filter: AuditFilter) {
  const { rows, timeZone } = await auditFor(sql, actor, filter);
  return rows.map((r) => ({ ...r, at: r.at.toISOString(), at_local: zonedDateTime(r.at, timeZone) }));
}

/** Forgets entries past their channel's retention, the platform's past the default (the worker, hourly). */
export async function forgetOldAudit(sql: Sql, now: Date = new Date()): Promise<number> {
  return await purgeAudit(sql, now, AUDIT_RETENTION_MONTHS);
}

/** How long the channel keeps its audit log, in months (channel-settings). */
export async function auditRetentionFor(sql: Sql, actor: StaffUser, channelId: number): Promise<number> {
  requireAccess(actor, "channel-settings", [channelId]);
  const months = await getAuditRetention(sql, channelId);
  if (months === null) throw new AppError(404, "not_found");
  return months;
}

/** Sets how long the channel keeps its audit log (channel-settings); 400 outside AUDIT_RETENTION_RANGE. */
export async function setAuditRetentionFor(
  sql: Sql,
  actor: StaffUser,
  channelId: number,
  months: number,
): Promise<void> {
  requireAccess(actor, "channel-settings", [channelId]);
  if (!isAuditRetention(months)) {
    throw new AppError(400, "validation", {}, { months: ["audit_retention_range"] });
  }
  if (await getAuditRetention(sql, channelId) === null) throw new AppError(404, "not_found");
  await setAuditRetention(sql, channelId, months);
}

/** The account a sign-in names (by id, or by the e-mail typed), as an actor of the log; null when unknown. */
export async function signInActor(sql: Sql, who: { id: number } | { email: string }): Promise<AuditActor> {
  const user = "id" in who
    ? await getUser(sql, who.id)
    : await findUserByEmail(sql, normaliseEmail(who.email));
  if (!user) return null;
  const row = "login" in user ? user : await getUser(sql, user.id);
  return row ? { id: row.id, login: row.login, channel_id: row.channel_id } : null;
}

/** The log's query as the page and the API take it (dates YYYY-MM-DD; anything else is dropped). */
export function auditFilterOf(query: Record<string, string | undefined>): AuditFilter {
  const day = (v?: string) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !isNaN(Date.parse(v)) ? v : undefined);
  const actorId = Number(query.actor);
  return {
    actorId: Number.isSafeInteger(actorId) && actorId > 0 ? actorId : undefined,
    action: isAuditAction(query.action) ? query.action as AuditAction : undefined,
    from: day(query.from),
    to: day(query.to),
  };
}

/** The log as CSV (UTF-8 with BOM): time (ISO), person, address, action (in `t`'s language), object. */
export async function auditCsv(
  sql: Sql,
  actor: StaffUser,
  filter: AuditFilter,
  separator: string,
  t: TFunction,
): Promise<string> {
  const { rows } = await auditFor(sql, actor, filter, AUDIT_EXPORT_MAX);
  const header = ["time", "person", "address", "action", "object", "channel", "details"].map((k) =>
    t(`audit.col_${k}`)
  );
  const lines = rows.map((r) => [
    r.at.toISOString(),
    r.actor_login,
    r.address ?? "",
    t(`audit.actions.${r.action}`),
    r.object_type ? `${r.object_type} ${r.object_id}` : "",
    r.channel_id ?? "",
    Object.keys(r.details).length ? JSON.stringify(r.details) : "",
  ]);
  return "\uFEFF" + stringify([header, ...lines], { delimiter: separator });
}
