// Which webhook events a change of an interaction makes: results becoming public, voting closing.
// Apart from lib/rules/webhooks.ts, which islands import (this one reads vote_integrity's node:crypto module).
import { resultsArePublic } from "./vote_integrity.ts";
import type { WebhookEvent } from "./webhooks.ts";

/** What of a segment the transitions compare: what decides whether its results are public. */
type SegmentState = Parameters<typeof resultsArePublic>[0];

const ended = (s: SegmentState, now: Date) =>
  (s.end_date instanceof Date || typeof s.end_date === "string") &&
  new Date(s.end_date).getTime() <= now.getTime();

/**
 * The events between two states of an interaction: `results.revealed` when its results became public,
 * `vote.closed` when its end date passed (set to now by "close now" or the edit form).
 * @example segmentTransitions({ show_results: false }, { show_results: true }, new Date()) // ["results.revealed"]
 */
export function segmentTransitions(before: SegmentState, after: SegmentState, now: Date): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  if (!resultsArePublic(before, now) && resultsArePublic(after, now)) events.push("results.revealed");
  if (!ended(before, now) && ended(after, now)) events.push("vote.closed");
  return events;
}
