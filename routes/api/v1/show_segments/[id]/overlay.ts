import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { publicUrl } from "../../../../../lib/platform/config.ts";
import { overlayControlSchema } from "../../../../../lib/rules/overlay_schema.ts";
import { controlOverlay, overlayForStaff, regenerateOverlay } from "../../../../../lib/live/overlay.ts";
import { busOf } from "../../../../../lib/live/bus.ts";
import { segmentFor } from "../../../../../lib/segments/service.ts";
import { segmentAuditActions } from "../../../../../lib/rules/audit_segments.ts";
import { audit } from "../../../../../app/audit.ts";

const tags = ["show_segments"];
const params = z.object({ id: idParam });
const overlaySchema = z.object({
  url: z.string(),
  view: z.enum(["results", "qr", "message"]),
  message_id: z.number().nullable(),
});

const app = staffApi("participations-read");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The on-air overlay of an interaction: its secret URL and what it shows",
    request: { params },
    responses: { 200: json(overlaySchema, "The overlay"), ...staffErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await overlayForStaff(c.var.sql, staffOf(c), id, publicUrl(c.var.deps.config)), 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary:
      "Controls the overlay: what it shows, a message on air, reveal or hide the results (overlay and widget), close the vote now",
    request: {
      params,
      body: { content: { "application/json": { schema: overlayControlSchema } }, required: true },
    },
    responses: {
      200: json(overlaySchema, "The overlay"),
      ...staffErrors,
      422: json(errorSchema, "The message cannot go on air"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const now = c.var.deps.now?.() ?? new Date();
    const before = await segmentFor(c.var.sql, staffOf(c), id);
    const overlay = await controlOverlay(c.var.sql, busOf(c.var.deps), staffOf(c), id, c.req.valid("json"), {
      now,
      publicUrl: publicUrl(c.var.deps.config),
    });
    // "reveal" and "close now" from the studio are the same entries as from the edit form
    const after = await segmentFor(c.var.sql, staffOf(c), id);
    for (const action of segmentAuditActions(before, after, now)) {
      await audit(c, action, { object: ["interaction", id], channelId: after.channel_id });
    }
    return c.json(overlay, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/token",
    tags,
    summary: "A new overlay URL: the old one stops working at once",
    request: { params },
    responses: { 200: json(overlaySchema, "The overlay"), ...staffErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const url = publicUrl(c.var.deps.config);
    return c.json(await regenerateOverlay(c.var.sql, busOf(c.var.deps), staffOf(c), id, url), 200);
  },
);

export default app;
