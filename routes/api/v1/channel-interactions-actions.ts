import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { bulkQuerySchema } from "../../../lib/rules/inbox_schema.ts";
import { bulkActOnMessages } from "../../../lib/inbox/service.ts";
import { audit } from "../../../app/audit.ts";
import { bulkAuditAction } from "../../../lib/rules/audit.ts";

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
    const { count, byChannel } = await bulkActOnMessages(c.var.sql, staffOf(c), query);
    const action = bulkAuditAction(query.action);
    const segment = query.segment_id ? ["interaction", query.segment_id] as [string, number] : undefined;
    // one entry in each channel whose messages changed (a super administrator's "trash all" may span several)
    for (const part of action ? byChannel : []) {
      await audit(c, action!, {
        object: segment,
        channelId: part.channel_id,
        details: { count: part.count },
      });
    }
    return c.json({ action: query.action, count }, 200);
  },
);

export default app;
