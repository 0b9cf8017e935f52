// The audit log's vocabulary: the staff actions it records, and how long it keeps them. Pure.

/** The actions recorded, by the noun of their object (each has a label in `audit.actions.*`). */
export const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "second_step_failed",
  "two_factor_enrolled",
  "two_factor_reset",
  "two_factor_policy_changed",
  "user_created",
  "user_changed",
  "channel_settings_changed",
  "webhook_created",
  "webhook_changed",
  "webhook_deleted",
] as const;
export type AuditAction = typeof AUDIT_ACTIONS[number];

/** How long entries are kept before the worker's purge (months). */
export const AUDIT_RETENTION_MONTHS = 24;

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

/**
 * The fields of a detail object that may be recorded: names of settings and roles, never a value a
 * listener typed. Anything else is dropped.
 * @example auditDetails({ fields: ["label"], email: "x@y" }) // { fields: ["label"] }
 */
export function auditDetails(details: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of ["fields", "role", "policy", "scope", "method", "events"]) {
    if (details[key] !== undefined) kept[key] = details[key];
  }
  return kept;
}
