// The audit entries a change of an interaction makes. Apart from lib/rules/audit.ts, which the audit page's
// component imports (this one reads the webhook transitions, hence vote_integrity's node:crypto module).
import { type AuditAction, segmentStatusAudit } from "./audit.ts";
import { segmentTransitions } from "./webhook_transitions.ts";

type SegmentState = Parameters<typeof segmentTransitions>[0] & { status: string };

/**
 * Status changes (published, archived, trashed, restored), then results revealed and voting closed (its end
 * date passed by "close now" or the edit form): the same transitions the webhooks announce.
 * @example segmentAuditActions({ status: "draft" }, { status: "published" }, now) // ["interaction_published"]
 */
export function segmentAuditActions(before: SegmentState, after: SegmentState, now: Date): AuditAction[] {
  const transitions = segmentTransitions(before, after, now).map((event): AuditAction =>
    event === "results.revealed" ? "results_revealed" : "interaction_closed"
  );
  return [...segmentStatusAudit(before.status, after.status), ...transitions];
}
