// My space → "Download my data" and "Delete my account" (GDPR articles 15 and 17).
import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../../app/openapi.ts";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { appUserOf } from "../../../../app/auth.ts";
import { DATA_EXPORT_LIMIT } from "../../../../lib/rules/constants.ts";
import {
  eraseOwnAccount,
  exportStatus,
  openExport,
  requestExport,
} from "../../../../lib/app_users/data_rights.ts";
import { enforceRateLimit } from "../../../../lib/platform/rate_limit.ts";
import { visitorErrors } from "./_http.ts";

const tags = ["app users"];
const exportSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "ready", "failed", "expired"]),
  messages: z.number().nullable(),
  created_at: z.date(),
  url: z.string().nullable(),
  expires_at: z.date().nullable(),
});
const exportId = z.object({ id: z.string().uuid() });

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/export",
    security: SECURITY.listener,
    tags,
    summary: "Ask for a zip of the caller's data (profile, participations, media, replies, points, consents)",
    description: "Built by the worker: poll GET export/{id} until `ready`; its link works for an hour.",
    responses: {
      202: json(exportSchema, "The export, pending"),
      ...visitorErrors,
      429: json(errorSchema, "Too many exports this hour"),
    },
  }),
  async (c) => {
    const appUserId = appUserOf(c);
    const now = c.var.deps.now?.() ?? new Date();
    await enforceRateLimit(c.var.sql, [`data-export:app-user:${appUserId}`], DATA_EXPORT_LIMIT, now);
    return c.json(await requestExport(c.var.deps, appUserId, now), 202);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/export/{id}",
    security: SECURITY.listener,
    tags,
    summary: "The state of the caller's export, and its download link (valid one hour) once ready",
    request: { params: exportId },
    responses: { 200: json(exportSchema, "The export"), ...visitorErrors },
  }),
  async (c) => {
    const now = c.var.deps.now?.() ?? new Date();
    return c.json(await exportStatus(c.var.deps, appUserOf(c), c.req.valid("param").id, now), 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/export/{id}/download",
    security: SECURITY.listener,
    tags,
    summary: "The zip of an export, through its signed link (no token: the link is the key, for an hour)",
    request: {
      params: exportId,
      query: z.object({ expires: z.coerce.number().int().positive(), signature: z.string().max(100) }),
    },
    responses: {
      200: { content: { "application/zip": { schema: z.any() } }, description: "The zip" },
      ...visitorErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const now = c.var.deps.now?.() ?? new Date();
    const stream = await openExport(c.var.deps, { id, ...c.req.valid("query") }, now);
    return c.body(stream, 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="my-data-${id.slice(0, 8)}.zip"`,
      "cache-control": "private, no-store",
    });
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    security: SECURITY.listener,
    tags,
    summary: "Delete the caller's account: personal data and media erased everywhere, counts kept exact",
    description: "The token stops working; the widget signs the listener out.",
    responses: {
      200: json(z.object({ erased: z.literal(true), messages: z.number() }), "Erased"),
      ...visitorErrors,
    },
  }),
  async (c) => {
    const { messages } = await eraseOwnAccount(c.var.deps, appUserOf(c));
    return c.json({ erased: true as const, messages }, 200);
  },
);

export default app;
