// The messages a channel's lines held outside any interaction, for staff who read its participations.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { heldMessages } from "../../../../../lib/lines/held.ts";
import { HELD_REASONS } from "../../../../../lib/rules/line_held.ts";

const heldSchema = z.object({
  id: z.number().int(),
  channel_id: z.number().int(),
  line_id: z.number().int().nullable(),
  line_label: z.string().nullable(),
  medium: z.enum(["whatsapp", "sms", "voice"]),
  segment_id: z.number().int().nullable(),
  segment_title: z.string().nullable(),
  reason: z.enum(HELD_REASONS),
  text: z.string().nullable(),
  media_id: z.string().nullable(),
  media_kind: z.enum(["audio", "video", "image"]).nullable(),
  media_url: z.string().nullable(),
  author_name: z.string().nullable(),
  author_city: z.string().nullable(),
  created_at: z.string(),
}).openapi("HeldLineMessage");

const app = staffApi("participations-read");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["lines"],
    summary: "What the channel's lines held outside any interaction (fed none, or refused), newest first",
    request: { params: z.object({ id: idParam }) },
    responses: { 200: json(z.array(heldSchema), "Held messages"), ...staffErrors },
  }),
  async (c) => c.json(await heldMessages(c.var.deps, staffOf(c), c.req.valid("param").id), 200),
);

export default app;
