// The webhook API's bodies (issue 21), apart from lib/rules/webhooks.ts so no island bundles zod.
import { z } from "zod";
import { WEBHOOK_EVENTS } from "./webhooks.ts";

export const webhookCreateSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

export const webhookSchema = z.object({
  id: z.number(),
  channel_id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  created_at: z.string(),
});

export const deliverySchema = z.object({
  id: z.number(),
  event: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  last_status_code: z.number().nullable(),
  last_duration_ms: z.number().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
});
