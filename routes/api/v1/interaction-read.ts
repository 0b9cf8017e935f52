import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, json, staffErrors } from "../../../app/api.ts";
import { requireStaff, staffOf } from "../../../app/auth.ts";
import { idsInScope, markRead } from "../../../db/inbox.ts";
import { readBodySchema } from "../../../lib/rules/inbox_schema.ts";
import { scopeChannel } from "../../../lib/inbox/service.ts";
import { AppError } from "../../../lib/rules/errors.ts";

const app = apiApp();
app.use("*", requireStaff("participations-read"));

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
    const channelId = scopeChannel(staffOf(c));
    const ids = [...new Set(c.req.valid("json").ids)];
    if ((await idsInScope(c.var.sql, channelId, ids)).length !== ids.length) {
      throw new AppError(404, "not_found");
    }
    return c.json({ ids: await markRead(c.var.sql, channelId, ids) }, 200);
  },
);

export default app;
