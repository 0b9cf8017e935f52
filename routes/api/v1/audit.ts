import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { SECURITY } from "../../../app/openapi.ts";
import { apiApp, idParam, json, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { auditCsv, auditEntriesFor, auditFilterOf } from "../../../lib/audit/service.ts";
import { AUDIT_ACTIONS } from "../../../lib/rules/audit.ts";
import { csvSeparatorFor } from "../../../lib/rules/csv.ts";

const tags = ["audit"];
const app = apiApp();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const query = z.object({
  actor: idParam.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: day.optional(),
  to: day.optional(),
});
const entry = z.object({
  id: z.number(),
  at: z.string(),
  at_local: z.string().openapi({
    description:
      "The time as staff read it: day first in every language, on the clock of the caller's channel " +
      "(UTC without one), the zone named",
    example: "14/07/2026 14:05:00 (Europe/Paris)",
  }),
  channel_id: z.number().nullable(),
  actor_id: z.number().nullable(),
  actor_login: z.string(),
  address: z.string().nullable(),
  action: z.string(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "get",
    path: "/",
    tags,
    summary: "The audit log: the caller's channel's (channel-settings), or the whole platform's in super " +
      "admin mode; newest first, filtered by person, action and days",
    request: { query },
    responses: { 200: json(z.array(entry), "Entries"), ...staffErrors },
  }),
  async (c) => {
    return c.json(
      await auditEntriesFor(c.var.sql, staffOf(c), auditFilterOf(c.req.query())),
      200,
    );
  },
);

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "get",
    path: "/export",
    tags,
    summary: "The audit log as audit.csv, with the same filters",
    request: { query },
    responses: {
      200: { content: { "text/csv": { schema: z.string() } }, description: "audit.csv" },
      ...staffErrors,
    },
  }),
  async (c) => {
    const body = await auditCsv(
      c.var.sql,
      staffOf(c),
      auditFilterOf(c.req.query()),
      csvSeparatorFor(c.var.lang) === "comma" ? "," : ";",
      c.var.t,
    );
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="audit.csv"',
        "cache-control": "no-store",
      },
    });
  },
);

export default app;
