// The audit log from a route: the staff user of the request acts, from the address the trusted proxy
// resolution gives (lib/audit/service.ts recordAudit holds the rest).
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import { requestAddress, staffOf } from "./auth.ts";
import { type AuditActor, recordAudit, recordMessageAudit } from "../lib/audit/service.ts";
import type { AuditAction } from "../lib/rules/audit.ts";

/** Records an action of the request's staff user (or of `actor`, at sign-in, before a session exists). */
export async function audit(
  c: Context<AppEnv>,
  action: AuditAction,
  options: {
    object?: [type: string, id: number | string];
    details?: Record<string, unknown>;
    channelId?: number | null;
    actor?: AuditActor;
  } = {},
): Promise<void> {
  await recordAudit(c.var.sql, {
    actor: options.actor !== undefined ? options.actor : staffOf(c),
    address: requestAddress(c),
    action,
    object: options.object,
    channelId: options.channelId,
    details: options.details,
  });
}

/** Records an action of the request's staff user on messages, one entry each, under each message's channel. */
export async function auditMessages(
  c: Context<AppEnv>,
  action: AuditAction,
  messageIds: number[],
): Promise<void> {
  await recordMessageAudit(c.var.sql, { actor: staffOf(c), address: requestAddress(c), action, messageIds });
}
