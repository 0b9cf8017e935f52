// The webhooks section of the OpenAPI document: one entry per event, its body and headers.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { webhookEnvelope, webhookEventData } from "../rules/webhook_schema.ts";

const DESCRIPTION = "Sent as a JSON POST to each endpoint of the channel that chose this event. The " +
  '`X-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the ' +
  "endpoint's secret>`: recompute it, compare in constant time and refuse a `t` older than 5 minutes. " +
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
          "X-Signature": z.string(),
          "X-Webhook-Event": z.literal(event),
          "X-Webhook-Delivery": z.string(),
        }),
        body: { content: { "application/json": { schema: webhookEnvelope(event, data) } }, required: true },
      },
      responses: { 200: { description: "Any 2xx: received" } },
    });
  }
}
