import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../../app/openapi.ts";
import { z } from "zod";
import { apiApp, idParam, json } from "../../../../app/api.ts";
import { ranking } from "../../../../lib/app_users/my_space.ts";
import { visitorErrors } from "../app_users/_http.ts";

const rowSchema = z.object({
  rank: z.number().describe("1 + users with more points; ties share a rank"),
  name: z.string().nullable().describe("the nickname (the widget shows Pseudo when null)"),
  avatar_url: z.string().nullable(),
  points: z.number(),
  level: z.string(),
  is_me: z.boolean().describe("the caller's row (appended after the top when outside it)"),
});

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    security: SECURITY.listenerOptional,
    tags: ["ranking"],
    summary: "Top 50 registered app users by points (of a channel, or over all channels), plus the caller",
    request: { query: z.object({ channel_id: idParam.optional() }) },
    responses: { 200: json(z.array(rowSchema), "Ranking rows, highest first"), 404: visitorErrors[404] },
  }),
  async (c) => {
    const { channel_id } = c.req.valid("query");
    return c.json(await ranking(c.var.sql, channel_id ?? null, c.var.appUserId), 200);
  },
);

export default app;
