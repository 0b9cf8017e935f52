// The webhook API's bodies, apart from lib/rules/webhooks.ts so no island bundles zod.
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

const participationSchema = z.object({
  id: z.number(),
  interaction_id: z.number(),
  type: z.string(),
  created_at: z.string(),
  text: z.string().nullable(),
  choice_text: z.string().nullable(),
  choice_ids: z.array(z.number()),
  duration_seconds: z.number().nullable(),
  author_name: z.string().nullable().describe("the listener's nickname, never a name typed in a form"),
  author_city: z.string().nullable(),
  media_url: z.string().nullable().describe("absolute; set once the media is processed"),
  poster_url: z.string().nullable(),
  transcript: z.string().nullable(),
});
const resultsSchema = z.object({
  total: z.number(),
  rows: z.array(
    z.object({
      id: z.number(),
      index: z.number(),
      label: z.string(),
      count: z.number(),
      percentage: z.number(),
    }),
  ),
});

/** The data of each event (the `data` of the delivery's body), for the OpenAPI document's webhooks. */
export const webhookEventData = {
  "participation.created": z.object({ interaction_id: z.number(), participation: participationSchema }),
  "participation.processed": z.object({ interaction_id: z.number(), participation: participationSchema }),
  "vote.counted": z.object({
    interaction_id: z.number(),
    participation_id: z.number(),
    choice_ids: z.array(z.number()),
  }),
  "message.broadcast": z.object({ interaction_id: z.number(), participation: participationSchema }),
  "results.revealed": z.object({ interaction_id: z.number(), results: resultsSchema }),
  "vote.closed": z.object({ interaction_id: z.number(), results: resultsSchema }),
} as const;

/** A delivery's body: the envelope around one event's data. */
export const webhookEnvelope = <T extends z.ZodType>(event: string, data: T) =>
  z.object({
    id: z.number().describe('the delivery\'s id: the same on every try and on "send again"'),
    event: z.literal(event),
    created_at: z.string(),
    channel_id: z.number(),
    data,
  });
