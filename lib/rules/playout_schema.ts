// Payload schemas of the playout queue API.
import { z } from "zod";

export const playoutQueueSchema = z.array(z.object({
  message_id: z.number(),
  position: z.number(),
  author_name: z.string().nullable(),
  duration_ms: z.number().nullable(),
}));

/** PUT show_segments/{id}/playout: the queue's message ids in air order. */
export const playoutOrderSchema = z.object({
  ids: z.array(z.number().int().positive()).max(500),
}).strict();

/** PUT interaction/{id}/playout: in the queue or not. */
export const playoutSetSchema = z.object({ queued: z.boolean() }).strict();
