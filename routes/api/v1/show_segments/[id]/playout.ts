import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { requireAccess } from "../../../../../lib/rules/permissions.ts";
import { playoutOrderSchema, playoutQueueSchema } from "../../../../../lib/rules/playout_schema.ts";
import { deliverPlayout, playoutOf, reorderPlayout } from "../../../../../lib/playout/service.ts";
import { audit } from "../../../../../app/audit.ts";

const tags = ["show_segments"];
const params = z.object({ id: idParam });

const app = staffApi("participations-read");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The playout queue of an interaction, in air order",
    request: { params },
    responses: { 200: json(playoutQueueSchema, "The queue"), ...staffErrors },
  }),
  async (c) => c.json(await playoutOf(c.var.sql, staffOf(c), c.req.valid("param").id), 200),
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary: "Sets the air order: ids must be exactly the queue's messages",
    request: {
      params,
      body: { content: { "application/json": { schema: playoutOrderSchema } }, required: true },
    },
    responses: {
      200: json(playoutQueueSchema, "The queue in its new order"),
      ...staffErrors,
      422: json(errorSchema, "The queue changed meanwhile (playout_changed)"),
    },
  }),
  async (c) => {
    const user = staffOf(c);
    requireAccess(user, "participations-action");
    const { id } = c.req.valid("param");
    return c.json(await reorderPlayout(c.var.sql, user, id, c.req.valid("json").ids), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/deliver",
    tags,
    summary:
      "Delivers the queue in air order to the channel's cloud transfer, each file named with its position",
    request: { params },
    responses: {
      200: json(
        z.array(z.object({
          message_id: z.number(),
          position: z.number(),
          status: z.string(),
          remote_path: z.string().optional(),
          error: z.string().optional(),
        })),
        "What happened to each message",
      ),
      ...staffErrors,
      422: json(errorSchema, "No cloud transfer configured, or an empty queue"),
    },
  }),
  async (c) => {
    const user = staffOf(c);
    requireAccess(user, "participations-delivery");
    const { id } = c.req.valid("param");
    const sent = await deliverPlayout(c.var.deps, user, id);
    await audit(c, "playout_delivered", { object: ["interaction", id], details: { count: sent.length } });
    return c.json(sent, 200);
  },
);

export default app;
