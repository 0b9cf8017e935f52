import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { readBodySchema } from "../../../lib/rules/inbox_schema.ts";
import { markMessagesRead } from "../../../lib/inbox/service.ts";
import { channelChanged } from "../../../lib/live/events.ts";
import { busOf } from "../../../lib/live/bus.ts";

const app = staffApi("participations-read");

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["participations"],
    summary: "Mark messages read (body ids); a message of another channel is a 404",
    request: { body: { content: { "application/json": { schema: readBodySchema } }, required: true } },
    responses: {
      200: json(z.object({ ids: z.array(z.number()) }), "The messages marked read"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const ids = await markMessagesRead(c.var.sql, staffOf(c), c.req.valid("json").ids);
    if (ids.length) channelChanged(busOf(c.var.deps), staffOf(c).channel_id); // unread badges follow
    return c.json({ ids }, 200);
  },
);

export default app;
