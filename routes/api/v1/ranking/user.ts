import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../../app/openapi.ts";
import { z } from "zod";
import { apiApp, idParam, json } from "../../../../app/api.ts";
import { appUserOf } from "../../../../app/auth.ts";
import { AppError } from "../../../../lib/rules/errors.ts";
import { appUserPoints } from "../../../../lib/app_users/my_space.ts";
import { visitorErrors } from "../app_users/_http.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    security: SECURITY.listener,
    tags: ["ranking"],
    summary: "The caller's points: in a channel (its ledger rows) or, without channel_id, in total",
    request: { query: z.object({ channel_id: idParam.optional(), user_id: idParam.optional() }) },
    responses: {
      200: json(
        z.object({
          user_id: z.number(),
          channel_id: z.number().nullable(),
          points: z.number(),
          level: z.string().nullable().describe("null for an anonymous user"),
        }),
        "Points",
      ),
      ...visitorErrors,
    },
  }),
  async (c) => {
    const caller = appUserOf(c);
    const { channel_id, user_id } = c.req.valid("query");
    if (user_id !== undefined && user_id !== caller) throw new AppError(403, "forbidden");
    return c.json(await appUserPoints(c.var.sql, caller, channel_id ?? null), 200);
  },
);

export default app;
