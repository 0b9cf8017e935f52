// A staff reply that goes back the way the participation came (WhatsApp, SMS): whether WhatsApp's service
// window still allows a free-form message, what each provider's messages API is sent, and how the
// providers' delivery statuses move a reply's state. Pure rules; lib/lines/replies.ts applies them.

/**
 * WhatsApp's customer service window: a business may send a free-form message only within 24 hours of
 * the listener's last message (WhatsApp Business Platform, "Customer service windows").
 */
export const WHATSAPP_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The media whose participations a text reply goes back to, through the line they came in on. */
export const REPLYING_MEDIA = ["whatsapp", "sms"] as const;

/** What a reply sent through a line went through, in order; `failed` ends it. */
export const DELIVERY_STATES = ["queued", "sent", "delivered", "read", "failed"] as const;
export type DeliveryState = typeof DELIVERY_STATES[number];

/** Whether a reply to a participation of this medium goes back to the listener through its line. */
export const repliesThroughLine = (medium: string): medium is typeof REPLYING_MEDIA[number] =>
  (REPLYING_MEDIA as readonly string[]).includes(medium);

/**
 * Whether a line reply may be sent now, and until when: SMS always; WhatsApp until 24 hours after the
 * listener's last message (`lastInbound`), closed when none is known.
 * @example replyWindow("whatsapp", new Date("2026-01-01T10:00Z"), new Date("2026-01-02T09:00Z")).open // true
 */
export function replyWindow(
  medium: string,
  lastInbound: Date | null,
  now: Date,
): { open: boolean; closes_at: string | null } {
  if (medium !== "whatsapp") return { open: true, closes_at: null };
  if (!lastInbound) return { open: false, closes_at: null };
  const closes = lastInbound.getTime() + WHATSAPP_SERVICE_WINDOW_MS;
  return { open: now.getTime() < closes, closes_at: new Date(closes).toISOString() };
}

/**
 * The state a provider's status names, or null for one that says nothing new (Twilio's accepted,
 * sending…). Twilio's `undelivered` is a failure; WhatsApp's are already ours.
 */
export function deliveryStateOf(providerStatus: string): DeliveryState | null {
  const status = providerStatus.trim().toLowerCase();
  if (status === "undelivered" || status === "failed") return "failed";
  if (status === "sent" || status === "delivered" || status === "read") return status;
  return null;
}

/**
 * The reply's state once a status arrives: providers send them out of order and again, so a state only
 * moves forward (queued → sent → delivered → read), and a failure ends a reply not yet delivered. Null
 * when nothing changes.
 * @example nextDeliveryState("read", "delivered") // null: a late "delivered" does not undo "read"
 */
export function nextDeliveryState(
  current: DeliveryState | null,
  incoming: DeliveryState,
): DeliveryState | null {
  if (current === "failed" || current === incoming) return null;
  if (incoming === "failed") return current === "delivered" || current === "read" ? null : "failed";
  const rank = (s: DeliveryState | null) => s === null ? -1 : DELIVERY_STATES.indexOf(s);
  return rank(incoming) > rank(current) ? incoming : null;
}

/** The Graph API's `POST /{phone-number-id}/messages` body of a text to `to` (digits of its number). */
export function whatsappTextMessage(to: string, text: string) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: to.replace(/^\+/, ""),
    type: "text",
    text: { preview_url: false, body: text },
  };
}

/**
 * The Graph API's `POST /{phone-number-id}/messages` body of an approved template to `to`: what WhatsApp
 * accepts outside the 24-hour window. The template's body has one variable, {{1}}, which carries `text`.
 * @example whatsappTemplateMessage("33612345678", { name: "studio_reply", language: "fr" }, "Merci !")
 */
export function whatsappTemplateMessage(
  to: string,
  template: { name: string; language: string },
  text: string,
) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: to.replace(/^\+/, ""),
    type: "template",
    template: {
      name: template.name,
      language: { code: template.language },
      // a template's parameter may not hold a line break, a tab or more than four spaces in a row
      components: [{ type: "body", parameters: [{ type: "text", text: templateText(text) }] }],
    },
  };
}

/** A text as a template parameter takes it: its line breaks and tabs as spaces, no run of more than 4 spaces. */
export function templateText(text: string): string {
  return text.replace(/[\r\n\t]+/g, " ").replace(/ {5,}/g, "    ").trim();
}

/** Twilio's `POST /2010-04-01/Accounts/{sid}/Messages.json` form of an SMS, its statuses posted back. */
export function twilioSmsForm(
  from: string,
  to: string,
  body: string,
  statusCallback: string,
): URLSearchParams {
  return new URLSearchParams({ From: from, To: to, Body: body, StatusCallback: statusCallback });
}

/**
 * Whether a provider's refusal is final (a bad number, a closed window, wrong credentials): the reply
 * fails at once. Anything else (429, 5xx, no answer) is retried by the job.
 */
export const providerRefusalFinal = (status: number) => status >= 400 && status < 500 && status !== 429;
