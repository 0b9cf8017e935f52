import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { bulkQuerySchema } from "../../../lib/rules/inbox_schema.ts";
import { bulkActOnMessages } from "../../../lib/inbox/service.ts";

const app = staffApi("participations-action");

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["participations"],
    summary: "Bulk action on every message the list filters match (default archive_all_messages)",
    request: { query: bulkQuerySchema },
    responses: {
      200: json(z.object({ action: z.string(), count: z.number() }), "Messages changed"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const count = await bulkActOnMessages(c.var.sql, staffOf(c), query);
    return c.json({ action: query.action, count }, 200);
  },
);

export default app;
