import assert from "node:assert/strict";
import {
  deliveryStateOf,
  nextDeliveryState,
  providerRefusalFinal,
  repliesThroughLine,
  replyWindow,
  twilioSmsForm,
  WHATSAPP_SERVICE_WINDOW_MS,
  whatsappTextMessage,
} from "../../lib/rules/line_replies.ts";

const at = (iso: string) => new Date(iso);

Deno.test("replyWindow - WhatsApp allows a reply for 24 hours after the listener's last message", () => {
  assert.equal(WHATSAPP_SERVICE_WINDOW_MS, 86_400_000);
  const last = at("2026-11-28T10:00:00Z");
  assert.deepEqual(replyWindow("whatsapp", last, at("2026-11-29T09:59:59Z")), {
    open: true,
    closes_at: "2026-11-29T10:00:00.000Z",
  });
  assert.equal(replyWindow("whatsapp", last, at("2026-11-29T10:00:00Z")).open, false, "closed at 24 h sharp");
  assert.deepEqual(replyWindow("whatsapp", null, at("2026-11-29T00:00:00Z")), {
    open: false,
    closes_at: null,
  });
});

Deno.test("replyWindow - an SMS reply has no window", () => {
  assert.deepEqual(replyWindow("sms", at("2020-01-01T00:00:00Z"), at("2026-11-29T00:00:00Z")), {
    open: true,
    closes_at: null,
  });
});

Deno.test("repliesThroughLine - WhatsApp and SMS replies go back by their line; widget and voicemail stay", () => {
  assert.equal(repliesThroughLine("whatsapp"), true);
  assert.equal(repliesThroughLine("sms"), true);
  assert.equal(repliesThroughLine("voice"), false);
  assert.equal(repliesThroughLine("widget"), false);
});

Deno.test("deliveryStateOf - the providers' statuses as the reply's states", () => {
  assert.equal(deliveryStateOf("sent"), "sent");
  assert.equal(deliveryStateOf("delivered"), "delivered");
  assert.equal(deliveryStateOf("READ"), "read");
  assert.equal(deliveryStateOf("failed"), "failed");
  assert.equal(deliveryStateOf("undelivered"), "failed", "Twilio's undelivered is a failure");
  for (const quiet of ["queued", "accepted", "sending", "scheduled", "deleted", ""]) {
    assert.equal(deliveryStateOf(quiet), null, quiet);
  }
});

Deno.test("nextDeliveryState - a state only moves forward; a failure ends a reply not yet delivered", () => {
  assert.equal(nextDeliveryState("queued", "sent"), "sent");
  assert.equal(nextDeliveryState("sent", "read"), "read", "a skipped status is fine");
  assert.equal(nextDeliveryState(null, "delivered"), "delivered");
  assert.equal(nextDeliveryState("read", "delivered"), null, "a late status does not undo read");
  assert.equal(nextDeliveryState("delivered", "sent"), null);
  assert.equal(nextDeliveryState("sent", "sent"), null, "a repeated status changes nothing");
  assert.equal(nextDeliveryState("sent", "failed"), "failed");
  assert.equal(nextDeliveryState("queued", "failed"), "failed");
  assert.equal(nextDeliveryState("delivered", "failed"), null);
  assert.equal(nextDeliveryState("failed", "delivered"), null, "failed is final");
});

Deno.test("whatsappTextMessage - the Graph API's text message body, to the number's digits", () => {
  assert.deepEqual(whatsappTextMessage("+33612345678", "Hello"), {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: "33612345678",
    type: "text",
    text: { preview_url: false, body: "Hello" },
  });
});

Deno.test("twilioSmsForm - From, To, Body and the status callback", () => {
  const form = twilioSmsForm("+15005550006", "+33612345678", "Hi", "https://im.example.org/lines/4/status");
  assert.equal(
    form.toString(),
    "From=%2B15005550006&To=%2B33612345678&Body=Hi&StatusCallback=https%3A%2F%2Fim.example.org%2Flines%2F4%2Fstatus",
  );
});

Deno.test("providerRefusalFinal - a 4xx is final but a 429; 5xx are retried", () => {
  assert.equal(providerRefusalFinal(400), true);
  assert.equal(providerRefusalFinal(401), true);
  assert.equal(providerRefusalFinal(429), false);
  assert.equal(providerRefusalFinal(500), false);
  assert.equal(providerRefusalFinal(503), false);
});
