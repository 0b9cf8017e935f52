import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import {
  actionBodySchema,
  commentBodySchema,
  countsQuerySchema,
  drawBodySchema,
  drawsQuerySchema,
  messageSchema,
  trimBodySchema,
} from "../../../lib/rules/inbox_schema.ts";
import { trimMessage } from "../../../lib/media/trim.ts";
import { auditDraw, drawSegmentWinners, segmentDraws } from "../../../lib/inbox/draws.ts";
import {
  actOnMessage,
  commentMessage,
  countMessagesFor,
  messageFor,
  messageWithReplies,
} from "../../../lib/inbox/service.ts";
import { deliverMessage, DeliveryFailed } from "../../../lib/delivery/service.ts";
import { setInPlayout } from "../../../lib/playout/service.ts";
import { enqueueMarkedDeliveries } from "../../../lib/delivery/jobs.ts";
import { playoutQueueSchema, playoutSetSchema } from "../../../lib/rules/playout_schema.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { audit, auditMessages } from "../../../app/audit.ts";
import { messageAuditAction } from "../../../lib/rules/audit.ts";
import { type Permission, requireAccess } from "../../../lib/rules/permissions.ts";

const tags = ["participations"];
const idParams = z.object({ id: idParam });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const need = (c: Parameters<typeof staffOf>[0], permission: Permission) => {
  const user = staffOf(c);
  requireAccess(user, permission);
  return user;
};

const app = staffApi("participations-read");

app.openapi(
  createRoute({
    method: "get",
    path: "/counts",
    tags,
    summary: "Messages per tab of an interaction (or of the channel) and the unread ones",
    request: { query: countsQuerySchema },
    responses: {
      200: json(
        z.record(z.string(), z.number()),
        "all, liked, archive, uploaded, moderated, winner, trash, unread",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    return c.json(await countMessagesFor(c.var.sql, staffOf(c), c.req.valid("query")), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/draw_winners",
    tags,
    summary:
      "Draw 1 to 50 winners at random among a tab's participations (all, liked, recorded; correct answer for a game), one per author, previous winners left out unless exclude_previous is false; the draw is recorded with its seed",
    request: body(drawBodySchema),
    responses: {
      200: json(
        z.object({ id: z.number(), ids: z.array(z.number()), candidates: z.number() }),
        "The draw's id, the winners drawn and how many could win",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const draw = await drawSegmentWinners(c.var.sql, staffOf(c), body);
    await audit(c, "winners_drawn", {
      object: ["interaction", body.segment_id],
      details: { count: draw.ids.length },
    });
    return c.json(draw, 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/draws",
    tags,
    summary:
      "The winner draws of an interaction, newest first: who, when, how many, tab, seed, the winners named, re-draws",
    request: { query: drawsQuerySchema },
    responses: { 200: json(z.array(z.record(z.string(), z.unknown())), "The draws"), ...staffErrors },
  }),
  async (c) => c.json(await segmentDraws(c.var.sql, staffOf(c), c.req.valid("query").segment_id), 200),
);

app.openapi(
  createRoute({
    method: "get",
    path: "/draws/{id}",
    tags,
    summary: "A draw replayed for an audit: its candidates and seed pick again; matches says they agree",
    request: { params: idParams },
    responses: { 200: json(z.record(z.string(), z.unknown()), "The draw and its replay"), ...staffErrors },
  }),
  async (c) => c.json(await auditDraw(c.var.sql, staffOf(c), c.req.valid("param").id), 200),
);

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    tags,
    summary: "A message with its replies (marks nothing)",
    request: { params: idParams },
    responses: { 200: json(messageSchema, "The message"), ...staffErrors },
  }),
  async (c) => c.json(await messageWithReplies(c.var.sql, staffOf(c), c.req.valid("param").id), 200),
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}",
    tags,
    summary: "Save the private comment (operator note) of a message",
    request: { params: idParams, ...body(commentBodySchema) },
    responses: {
      200: json(z.object({ id: z.number(), comment: z.string().nullable() }), "Saved"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await commentMessage(c.var.sql, staffOf(c), id, c.req.valid("json").comment), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/{id}/action",
    tags,
    summary:
      "Apply an action key: like, unlike, quote, broadcast, unbroadcast, winner, unwinner, archive, restore, trash, read, unread",
    request: { params: idParams, ...body(actionBodySchema) },
    responses: {
      200: json(
        z.object({
          id: z.number(),
          liked: z.boolean(),
          winner: z.boolean(),
          broadcast_status: z.string(),
          status: z.string(),
          read: z.boolean(),
          points: z.number(),
        }),
        "The new state; points = the author's points moved",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = need(c, "participations-action");
    const { key } = c.req.valid("json");
    const result = await actOnMessage(c.var.sql, user, c.req.valid("param").id, key);
    const action = messageAuditAction(key);
    if (action) await auditMessages(c, action, [result.id]);
    // A message marked for air goes to the studio now on an interaction that sends those
    if (result.broadcast_status !== "none") await enqueueMarkedDeliveries(c.var.deps, [result.id]);
    return c.json(result, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/{id}/ftp",
    tags,
    summary: "Send the message's audio to the channel's cloud transfer (FTP)",
    request: { params: idParams },
    responses: {
      200: json(z.object({ status: z.string(), message: z.string(), remote_path: z.string() }), "Sent"),
      ...staffErrors,
      409: json(errorSchema, "A transfer of this message is already running"),
      422: json(errorSchema, "No cloud transfer configured, or no file to send"),
      502: json(errorSchema.extend({ detail: z.string() }), "The transfer failed"),
    },
  }),
  async (c) => {
    const user = need(c, "participations-delivery");
    const { id } = c.req.valid("param");
    await messageFor(c.var.sql, user, id);
    try {
      const result = await deliverMessage(c.var.deps, id);
      if (result.status === "running") throw new AppError(409, "delivery_running");
      await auditMessages(c, "message_delivered", [id]);
      return c.json({ ...result, message: c.var.t("participations.ftp_success") }, 200);
    } catch (error) {
      if (!(error instanceof DeliveryFailed)) throw error;
      const message = `${c.var.t("errors.delivery_failed")} ${error.message}`;
      return c.json({ message, code: "delivery_failed", detail: error.message }, 502);
    }
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}/trim",
    tags,
    summary:
      "Set (or remove, both null) the in/out points of the message's broadcast copy; the worker renders it",
    request: { params: idParams, ...body(trimBodySchema) },
    responses: {
      200: json(
        z.object({
          id: z.number(),
          trim_in_ms: z.number().nullable(),
          trim_out_ms: z.number().nullable(),
          task_id: z.string().nullable(),
        }),
        "Saved; the trimmed copy is being rendered",
      ),
      ...staffErrors,
      422: json(errorSchema, "No processed audio, or points outside the recording"),
    },
  }),
  async (c) => {
    const user = need(c, "participations-action");
    const result = await trimMessage(c.var.deps, user, c.req.valid("param").id, c.req.valid("json"));
    return c.json(result, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}/playout",
    tags,
    summary: "Puts the message last in its interaction's playout queue, or takes it out",
    request: { params: idParams, ...body(playoutSetSchema) },
    responses: {
      200: json(z.object({ segment_id: z.number(), queue: playoutQueueSchema }), "The interaction's queue"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = need(c, "participations-action");
    const { id } = c.req.valid("param");
    const result = await setInPlayout(c.var.sql, user, id, c.req.valid("json").queued);
    if (c.req.valid("json").queued) await enqueueMarkedDeliveries(c.var.deps, [id]);
    return c.json(result, 200);
  },
);

export default app;
