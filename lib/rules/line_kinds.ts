// The kinds of phone line and the media a participation comes through, apart from the webhook rules of
// lib/rules/lines.ts: the inbox and the lines form use them in the browser, without the signature code and
// the schemas' library.

export const LINE_KINDS = ["whatsapp", "sms", "voice"] as const;
export type LineKind = typeof LINE_KINDS[number];

/** The media a participation came through: the widget, or a line's kind. */
export const MEDIA_CHANNELS = ["widget", ...LINE_KINDS] as const;
export type Medium = typeof MEDIA_CHANNELS[number];

/**
 * The address to paste at the provider for a line: WhatsApp's callback URL, Twilio's "A message comes
 * in" or "A call comes in" webhook (the recording callback is given by the call's own answer).
 * @example lineWebhookUrl("https://im.example.org", { id: 4, kind: "sms" }) // "https://im.example.org/lines/4/sms"
 */
export function lineWebhookUrl(base: string, line: { id: number; kind: LineKind }): string {
  return `${base.replace(/\/$/, "")}/lines/${line.id}/${line.kind}`;
}
