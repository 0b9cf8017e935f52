// The audit log's vocabulary: the staff actions it records, and how long it keeps them. Pure.

/** The actions recorded, by the noun of their object (each has a label in `audit.actions.*`). */
export const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "second_step_failed",
  "two_factor_enrolled",
  "two_factor_reset",
  "two_factor_turned_off",
  "two_factor_policy_changed",
  "sso_settings_changed",
  "audit_retention_changed",
  "user_created",
  "user_changed",
  "channel_settings_changed",
  "webhook_created",
  "webhook_changed",
  "webhook_deleted",
  "webhook_secret_rotated",
  "line_created",
  "line_changed",
  "line_deleted",
  "held_message_moved",
  "held_message_dismissed",
  "interaction_published",
  "interaction_closed",
  "interaction_archived",
  "interaction_trashed",
  "interaction_restored",
  "results_revealed",
  "message_broadcast",
  "message_quoted",
  "message_trashed",
  "message_rejected",
  "message_restored",
  "messages_trashed",
  "messages_restored",
  "listener_erased",
  "messages_exported",
  "message_delivered",
  "playout_delivered",
  "winners_drawn",
] as const;
export type AuditAction = typeof AUDIT_ACTIONS[number];

/**
 * The entry a message action makes: putting on air, quoting, trashing and restoring are asked about; liking,
 * reading and archiving are the daily sorting of the inbox and are not recorded.
 * @example messageAuditAction("quote") // "message_quoted"
 */
export function messageAuditAction(key: string): AuditAction | null {
  const actions: Record<string, AuditAction> = {
    broadcast: "message_broadcast",
    quote: "message_quoted",
    trash: "message_trashed",
    restore: "message_restored",
  };
  return actions[key] ?? null;
}

/** The entry a bulk action over the inbox's filter makes (trash all, restore all), null for the others. */
export function bulkAuditAction(action: string): AuditAction | null {
  if (action === "trash_all_messages") return "messages_trashed";
  if (action === "restore_all_messages") return "messages_restored";
  return null;
}

/**
 * The entries a change of an interaction's status makes: published, archived, trashed, or restored out of
 * the archive or the trash.
 * @example segmentStatusAudit("draft", "published") // ["interaction_published"]
 */
export function segmentStatusAudit(before: string, after: string): AuditAction[] {
  if (before === after) return [];
  if (after === "published") {
    return [before === "trash" || before === "archived" ? "interaction_restored" : "interaction_published"];
  }
  if (after === "archived") return ["interaction_archived"];
  if (after === "trash") return ["interaction_trashed"];
  if (before === "trash" || before === "archived") return ["interaction_restored"];
  return [];
}

/** How long entries are kept before the worker's purge (months): a channel's default, and the platform's. */
export const AUDIT_RETENTION_MONTHS = 24;

/** The retentions a channel may choose (months): from one month to ten years. */
export const AUDIT_RETENTION_RANGE = { min: 1, max: 120 } as const;

/** True for a retention a channel may choose (whole months within AUDIT_RETENTION_RANGE). */
export const isAuditRetention = (months: unknown): months is number =>
  Number.isInteger(months) && (months as number) >= AUDIT_RETENTION_RANGE.min &&
  (months as number) <= AUDIT_RETENTION_RANGE.max;

/** Entries per page of the log. */
export const AUDIT_PAGE_SIZE = 100;
/** Entries in one CSV export at most (the filters narrow a larger log). */
export const AUDIT_EXPORT_MAX = 50_000;

/** True for a recorded action's name. */
export function isAuditAction(value: unknown): value is AuditAction {
  return (AUDIT_ACTIONS as readonly unknown[]).includes(value);
}

/** The filters of the log's page: a person, an action, a day range (inclusive, YYYY-MM-DD). */
export interface AuditFilter {
  actorId?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}

// provider_error: the short code a single sign-on provider answered instead of signing in (access_denied…)
const DETAIL_KEYS = [
  "fields",
  "role",
  // the role a person had before the provider's groups changed it at sign-in
  "previous_role",
  "policy",
  "scope",
  "method",
  "reason",
  "provider_error",
  "events",
  "count",
];

/**
 * The fields of a detail object that may be recorded: names of settings and roles, never a value a
 * listener typed. Anything else is dropped.
 * @example auditDetails({ fields: ["label"], email: "x@y" }) // { fields: ["label"] }
 */
export function auditDetails(details: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) {
    if (details[key] !== undefined) kept[key] = details[key];
  }
  return kept;
}
