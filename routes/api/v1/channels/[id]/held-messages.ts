// The messages a channel's lines held outside any interaction, for staff who read its participations; staff
// who act on them move one into an interaction or dismiss it (both in the audit log).
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { audit } from "../../../../../app/audit.ts";
import { dismissHeldMessage, heldMessages, moveHeldMessage } from "../../../../../lib/lines/held.ts";
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
  resolution: z.enum(["moving", "moved", "dismissed"]).nullable(),
  message_id: z.number().int().nullable(),
  moved_to: z.number().int().nullable(),
  moved_title: z.string().nullable(),
}).openapi("HeldLineMessage");

const heldParams = z.object({ id: idParam, held: idParam });
const settled = {
  ...staffErrors,
  409: json(errorSchema, "Already moved or dismissed, or the listener already took part there"),
};

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

app.openapi(
  createRoute({
    method: "post",
    path: "/{held}/move",
    tags: ["lines"],
    summary: "Move a held message into an interaction of the channel: it becomes a participation there",
    request: {
      params: heldParams,
      body: {
        content: { "application/json": { schema: z.object({ segment_id: idParam }) } },
        required: true,
      },
    },
    responses: {
      201: json(z.object({ message_id: z.number().int() }), "The participation it became"),
      ...settled,
      410: json(errorSchema, "The interaction is closed"),
      422: json(errorSchema, "The interaction does not take it"),
    },
  }),
  async (c) => {
    const { id, held } = c.req.valid("param");
    const { segment_id } = c.req.valid("json");
    const moved = await moveHeldMessage(c.var.deps, staffOf(c), id, held, segment_id);
    await audit(c, "held_message_moved", { object: ["held_message", held], channelId: id });
    return c.json({ message_id: moved.messageId }, 201);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/{held}/dismiss",
    tags: ["lines"],
    summary: "Dismiss a held message (kept, listed as dismissed, in the audit log)",
    request: { params: heldParams },
    responses: { 204: { description: "Dismissed" }, ...settled },
  }),
  async (c) => {
    const { id, held } = c.req.valid("param");
    await dismissHeldMessage(c.var.deps, staffOf(c), id, held);
    await audit(c, "held_message_dismissed", { object: ["held_message", held], channelId: id });
    return c.body(null, 204);
  },
);

export default app;
