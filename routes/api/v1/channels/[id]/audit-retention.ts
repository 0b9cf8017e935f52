// How long a channel keeps its audit log: the worker's purge reads it. A change is itself audited.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { audit } from "../../../../../app/audit.ts";
import { auditRetentionFor, setAuditRetentionFor } from "../../../../../lib/audit/service.ts";

const app = staffApi("channel-settings");
const tags = ["audit"];
const params = z.object({ id: idParam });

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "How many months the channel keeps its audit log",
    request: { params },
    responses: { 200: json(z.object({ months: z.number() }), "The retention"), ...staffErrors },
  }),
  async (c) => {
    const months = await auditRetentionFor(c.var.sql, staffOf(c), c.req.valid("param").id);
    return c.json({ months }, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary: "Set how many months (1 to 120) the channel keeps its audit log",
    request: {
      params,
      body: { required: true, content: { "application/json": { schema: z.object({ months: z.number() }) } } },
    },
    responses: { 204: { description: "Saved" }, ...staffErrors },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    const { months } = c.req.valid("json");
    await setAuditRetentionFor(c.var.sql, staffOf(c), id, months);
    await audit(c, "audit_retention_changed", {
      channelId: id,
      object: ["channel", id],
      details: { count: months },
    });
    return c.body(null, 204);
  },
);

export default app;
