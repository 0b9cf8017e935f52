import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import type { AppEnv } from "../../../../app/env.ts";
import type { Context } from "hono";
import { publicUrl } from "../../../../lib/platform/config.ts";
import { segmentUpdateSchema } from "../../../../lib/rules/segment_schema.ts";
import * as service from "../../../../lib/segments/service.ts";
import { busOf } from "../../../../lib/live/bus.ts";
import { segmentChanged, segmentTransitionsChanged } from "../../../../lib/live/events.ts";
import { audit } from "../../../../app/audit.ts";
import { segmentAuditActions } from "../../../../lib/rules/audit_segments.ts";
import { segmentCounts, segmentDetail, segmentVoteResults } from "../../../../lib/segments/reads.ts";

const tags = ["show_segments"];
const params = z.object({ id: idParam });
const segmentSchema = z.record(z.string(), z.unknown());
const resultsSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())), total: z.number() });

const app = staffApi();

/** The segment as the edit page reads it: fields, choices, counts and the live vote results. */
function fullView(c: Context<AppEnv>, id: number) {
  const now = c.var.deps.now?.() ?? new Date();
  return segmentDetail(c.var.sql, staffOf(c), id, { now, publicUrl: publicUrl(c.var.deps.config) });
}

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary:
      "An interaction with its choices, counts, vote results and overlay_url (polled every 2.5 s by the edit page when its stream cannot open)",
    request: { params },
    responses: { 200: json(segmentSchema, "The interaction"), ...staffErrors },
  }),
  async (c) => c.json(await fullView(c, c.req.valid("param").id), 200),
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary:
      "Update an interaction (fields sent only; choices replace; status archived/trash need their permission)",
    request: {
      params,
      body: { content: { "application/json": { schema: segmentUpdateSchema } }, required: true },
    },
    responses: {
      200: json(segmentSchema, "The interaction"),
      ...staffErrors,
      422: json(errorSchema, "A rule refuses the change"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const now = c.var.deps.now?.() ?? new Date();
    const before = await service.segmentFor(c.var.sql, staffOf(c), id);
    await service.updateSegment(c.var.sql, staffOf(c), id, c.req.valid("json"), now);
    await segmentChanged(busOf(c.var.deps), id); // open results panels and overlays follow
    // webhooks: results revealed, vote closed from the edit form too
    const after = await service.segmentFor(c.var.sql, staffOf(c), id);
    await segmentTransitionsChanged(busOf(c.var.deps), id, before, after, now);
    for (const action of segmentAuditActions(before, after, now)) {
      await audit(c, action, { object: ["interaction", id], channelId: after.channel_id });
    }
    return c.json(await fullView(c, id), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/duplicate",
    tags,
    summary: "Duplicate an interaction as a draft",
    request: { params },
    responses: { 201: json(z.object({ id: z.number() }), "The copy"), ...staffErrors },
  }),
  async (c) => {
    const t = c.var.t;
    const id = await service.duplicate(
      c.var.sql,
      staffOf(c),
      c.req.valid("param").id,
      (title) => t("interactions.copy_of", { title }),
    );
    return c.json({ id }, 201);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/vote_results",
    tags,
    summary: "Vote results: per choice index, label, count, percentage; and the total",
    request: { params },
    responses: { 200: json(resultsSchema, "Results"), ...staffErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await segmentVoteResults(c.var.sql, staffOf(c), id), 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/counts",
    tags,
    summary: "Messages and participants of an interaction",
    request: { params },
    responses: {
      200: json(z.object({ messages: z.number(), participants: z.number() }), "Counts"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await segmentCounts(c.var.sql, staffOf(c), id), 200);
  },
);

export default app;
