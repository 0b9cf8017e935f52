import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { taskStatus } from "../../../lib/participations/service.ts";

const taskSchema = z.object({
  task_id: z.string(),
  status: z.enum(["PENDING", "STARTED", "SUCCESS", "FAILURE"]),
  result: z.unknown().optional(),
  reason: z.string().optional(),
  code: z.string().optional(),
});

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    tags: ["interactions"],
    summary: "Status of a background task (participation or media processing)",
    description: "PENDING or STARTED: poll again; SUCCESS carries the result (message id and, for votes " +
      "that show results, the vote results); FAILURE carries the reason, in the listener's language, and its code.",
    request: { params: z.object({ id: z.string().max(64) }) },
    responses: { 200: json(taskSchema, "The task"), 404: json(errorSchema, "Unknown task") },
  }),
  async (c) => {
    const { sql, boss, jwtSecret: secret } = c.var.deps;
    return c.json(await taskStatus({ sql, boss, secret, t: c.var.t }, c.req.valid("param").id), 200);
  },
);

export default app;
