/// <reference lib="dom" />
// The state of the send/thanks flow both visitor widgets share (send_flow.ts sends it): what the visitor
// gave, the consents, progress, error, the participation sent and the results, as signals, and the
// origin of a participation. Apart from the sending code so a widget's first screen carries only this.
import { type Signal, signal } from "./signals.ts";
import type { WidgetScreen, WidgetSegment } from "../../lib/rules/widget.ts";
import type { VoteResultRow } from "../../lib/rules/votes.ts";
import type * as client from "./participation_client.ts";

/** Which widget sends: the task poll and the delays differ (§4 Task polling). */
export type WidgetKind = "channel" | "single";

/** What the widget sends once its screens are done. */
export type WidgetContent =
  | { kind: "choices"; ids: number[] }
  | { kind: "text"; text: string }
  | { kind: "user" }
  | { kind: "file"; blob: Blob; extension: string; media: "audio" | "video" | "image"; name: string };

/** The participation the server received (its id and share token), or that it had it already. */
export interface Sent {
  already: boolean;
  id?: number;
  shareToken?: string;
}

export interface SendFlow {
  /** What the visitor gave on the content screens (null: only the information, or nothing yet). */
  content: Signal<WidgetContent | null>;
  consents: Signal<{ gdpr: boolean; image: boolean }>;
  /** Upload progress of a file (0-100), null for other content. */
  percent: Signal<number | null>;
  error: Signal<string | null>;
  /** No network: the message is saved and waits to be sent (a file's sending only). */
  waiting: Signal<boolean>;
  /** Discards the message being sent (set while a file is sent). */
  discard: Signal<(() => void) | null>;
  sent: Signal<Sent | null>;
  results: Signal<VoteResultRow[] | null>;
}

/** A new flow state, one per participation flow. */
export function createSendFlow(): SendFlow {
  return {
    content: signal(null),
    consents: signal({ gdpr: false, image: false }),
    percent: signal(null),
    error: signal(null),
    waiting: signal(false),
    discard: signal(null),
    sent: signal(null),
    results: signal(null),
  };
}

/** What the content and consent screens of both widgets do: keep what was given, then go on. */
export function givenHandlers(flow: SendFlow, proceed: (from: WidgetScreen) => void) {
  return {
    choices: (ids: number[]) => {
      flow.content.value = { kind: "choices", ids };
      proceed("voting");
    },
    text: (text: string) => {
      flow.content.value = { kind: "text", text };
      proceed("write");
    },
    consents: (gdpr: boolean, image: boolean) => {
      flow.consents.value = { gdpr, image };
      proceed("rgpdConsent");
    },
  };
}

/** Where a participation comes from: the segment, the site, the information and consents given. */
export function originOf(
  s: WidgetSegment,
  siteRef: string | null,
  info: Record<string, string>,
  consents: { gdpr: boolean; image: boolean },
): client.SendOrigin {
  return {
    segment: s.id,
    channel_id: s.channel_id,
    show_id: s.show_id,
    program_id: s.program_id,
    site_ref: siteRef,
    high_stakes: s.high_stakes === true,
    extra_user_information: info,
    consent_gdpr: consents.gdpr,
    consent_image_right: consents.image,
  };
}
