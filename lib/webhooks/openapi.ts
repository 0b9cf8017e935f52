// The webhooks section of the OpenAPI document: one entry per event, its body and headers.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { webhookEnvelope, webhookEventData } from "../rules/webhook_schema.ts";

const DESCRIPTION = "Sent as a JSON POST to each endpoint of the channel that chose this event, signed as " +
  "Standard Webhooks specifies: `webhook-id` (the delivery id, the same on every retry), " +
  "`webhook-timestamp` (unix seconds) and `webhook-signature`, space-separated `v1,<base64 HMAC-SHA256 of " +
  '"<id>.<timestamp>.<raw body>" keyed with the base64-decoded part of the endpoint\'s `whsec_` secret>`; ' +
  "for 24 h after a rotation, one signature per secret. Verify with a Standard Webhooks library (it refuses " +
  "a timestamp more than 5 minutes away). " +
  "Any 2xx answer within 10 s is a success; anything else is tried again after 90 s, doubling each time, " +
  "for about 25 h (11 tries). `X-Webhook-Event` and `X-Webhook-Delivery` repeat the event and delivery id.";

/** Registers every webhook event in the app's OpenAPI registry. */
export function documentWebhooks(registry: OpenAPIHono["openAPIRegistry"]): void {
  for (const [event, data] of Object.entries(webhookEventData)) {
    registry.registerWebhook({
      method: "post",
      path: event,
      tags: ["webhooks"],
      summary: `Webhook ${event}`,
      description: DESCRIPTION,
      request: {
        headers: z.object({
          "webhook-id": z.string(),
          "webhook-timestamp": z.string(),
          "webhook-signature": z.string(),
          "X-Webhook-Event": z.literal(event),
          "X-Webhook-Delivery": z.string(),
        }),
        body: { content: { "application/json": { schema: webhookEnvelope(event, data) } }, required: true },
      },
      responses: { 200: { description: "Any 2xx: received" } },
    });
  }
}
