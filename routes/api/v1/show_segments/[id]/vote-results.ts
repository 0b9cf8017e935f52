import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json } from "../../../../../app/api.ts";
import { segmentVoteResults } from "../../../../../lib/participations/service.ts";

const rowSchema = z.object({
  id: z.number(),
  index: z.number(),
  label: z.string(),
  count: z.number(),
  percentage: z.number(),
});

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["interactions"],
    summary: "Vote results of an interaction (public when show_results is on; staff of the channel always)",
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: json(z.array(rowSchema), "One row per choice, in order"),
      403: json(errorSchema, "Results are not shown"),
      404: json(errorSchema, "Unknown interaction"),
    },
  }),
  async (c) => {
    const { rows } = await segmentVoteResults(
      c.var.sql,
      c.req.valid("param").id,
      c.var.user,
      c.var.deps.now?.() ?? new Date(),
    );
    c.header("Cache-Control", "no-store");
    return c.json(rows, 200);
  },
);

export default app;
