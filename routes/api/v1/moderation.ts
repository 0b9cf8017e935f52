import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { moderationBodySchema } from "../../../lib/rules/inbox_schema.ts";
import { moderateMessages } from "../../../lib/inbox/service.ts";
import { channelChanged } from "../../../lib/live/events.ts";
import { busOf } from "../../../lib/live/bus.ts";
import { enqueueMarkedDeliveries } from "../../../lib/delivery/jobs.ts";
import { auditMessages } from "../../../app/audit.ts";

const app = staffApi("moderation");

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["participations"],
    summary: "Approve or reject messages awaiting moderation (rejected ones go to the trash)",
    request: { body: { content: { "application/json": { schema: moderationBodySchema } }, required: true } },
    responses: {
      200: json(z.object({ decision: z.string(), ids: z.array(z.number()) }), "The messages moderated"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { ids, decision } = c.req.valid("json");
    const changed = await moderateMessages(c.var.sql, staffOf(c), ids, decision);
    if (decision === "approve") await enqueueMarkedDeliveries(c.var.deps, changed);
    else await auditMessages(c, "message_rejected", changed); // rejected messages go to the trash
    if (changed.length) channelChanged(busOf(c.var.deps), staffOf(c).channel_id); // open queues and badges follow
    return c.json({ decision, ids: changed }, 200);
  },
);

export default app;
