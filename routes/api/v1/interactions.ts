import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json } from "../../../framework/api.ts";
import { AppError } from "../../../lib/errors.ts";
import {
  ALREADY_RECEIVED,
  finishMediaParticipation,
  type SendOutcome,
  sendParticipation,
} from "../../../lib/participation_service.ts";
import { getMessage } from "../../../db/participations.ts";
import { clientIp } from "../../../framework/auth.ts";

const tags = ["interactions"];
const text = (max: number) => z.string().max(max).nullish();
const extraSchema = z.record(
  z.string().max(40),
  z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
);
const originFields = {
  show_id: text(100),
  channel_id: z.coerce.number().int().positive(),
  program_id: text(100),
  segment: z.coerce.number().int().positive(),
  site_ref: text(500),
  author_app_user_id: z.coerce.number().int().positive().nullish(),
  device_id: text(100),
};
const sendSchema = z.object({
  ...originFields,
  extra_user_information: extraSchema.optional(),
  only_user_data: z.boolean().optional(),
  consent_gdpr: z.boolean().optional(),
  consent_image_right: z.boolean().optional(),
  // the solved challenge of a high-stakes vote (GET show_segments/{id}/challenge)
  altcha: z.string().max(2000).optional(),
  content: z.object({
    choice_ids: z.array(z.number().int().positive()).max(100).optional(),
    text: z.string().max(5000).optional(),
  }).default({}),
});
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1").optional();
const finishQuery = z.object({
  ...originFields,
  language: z.string().max(5).optional(),
  data_id: z.string().uuid(),
  extension: z.string().max(10).optional(),
  update_interaction_id: z.coerce.number().int().positive().optional(),
  consent_gdpr: flag,
  consent_image_right: flag,
});
const answerSchema = z.union([
  z.object({ task_id: z.string().nullable(), id: z.number() }),
  z.object({ message: z.literal("already_received"), alreadyReceived: z.literal(true) }),
]);
const errors = {
  400: json(
    errorSchema,
    "Invalid participation (missing field, consent, choice, text, a device id not issued here)",
  ),
  403: json(errorSchema, "Registration required, or another user's id"),
  404: json(errorSchema, "Unknown interaction"),
  410: json(errorSchema, "The interaction no longer accepts participations"),
  422: json(errorSchema, "This kind of participation is not accepted"),
};

const app = apiApp();
const now = (c: { var: { deps: { now?: () => Date } } }) => c.var.deps.now?.() ?? new Date();
const answer = (outcome: SendOutcome) => "alreadyReceived" in outcome ? ALREADY_RECEIVED : null;

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Send a participation (text, vote, multiple choice, sms, registration, game)",
    description: "Stores the participation and answers a task id to poll at tasks/{id}, or " +
      '`{message: "already_received", alreadyReceived: true}` when the interaction allows one participation.',
    request: { body: { content: { "application/json": { schema: sendSchema } }, required: true } },
    responses: { 200: json(answerSchema, "Task id, or already received"), ...errors },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const outcome = await sendParticipation(
      {
        sql: c.var.sql,
        boss: c.var.deps.boss,
        now: now(c),
        secret: c.var.deps.jwtSecret,
        address: clientIp(c),
      },
      body,
      { ...body.content, only_user_data: body.only_user_data },
      c.var.appUserId,
    );
    const already = answer(outcome);
    if (already) return c.json(already, 200);
    const sent = outcome as { id: number; taskId: string | null };
    return c.json({ task_id: sent.taskId, id: sent.id }, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary: "Finish a media participation (the file of an upload slot, sent by tus)",
    request: {
      query: finishQuery,
      headers: z.object({ "extra-user-information": z.string().max(5000).optional() }),
    },
    responses: {
      200: json(answerSchema, "The participation id"),
      409: json(errorSchema, "Upload not finished"),
      ...errors,
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const raw = c.req.header("extra-user-information");
    let extra: Record<string, unknown> = {};
    if (raw) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new AppError(400, "invalid_json", {}, { "Extra-User-Information": ["invalid_json"] });
      }
      const checked = extraSchema.safeParse(parsed);
      if (!checked.success) {
        throw new AppError(400, "validation", {}, { "Extra-User-Information": ["invalid"] });
      }
      extra = checked.data;
    }
    const outcome = await finishMediaParticipation(
      {
        sql: c.var.sql,
        boss: c.var.deps.boss,
        now: now(c),
        secret: c.var.deps.jwtSecret,
        address: clientIp(c),
      },
      { ...query, extra_user_information: extra },
      c.var.appUserId,
    );
    const already = answer(outcome);
    if (already) return c.json(already, 200);
    const sent = outcome as { id: number; taskId: string | null };
    return c.json({ id: sent.id, task_id: sent.taskId }, 200);
  },
);

const sharedSchema = z.object({
  id: z.number(),
  segment_id: z.number(),
  channel_id: z.number(),
  type: z.string(),
  created_at: z.string(),
  content: z.record(z.string(), z.unknown()),
  author_name: z.string().nullable(),
});

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    tags,
    summary: "A shared interaction (a published participation, for the share link player)",
    request: { params: z.object({ id: idParam }) },
    responses: { 200: json(sharedSchema, "The participation"), 404: json(errorSchema, "Not found") },
  }),
  async (c) => {
    const message = await getMessage(c.var.sql, c.req.valid("param").id);
    const visible = message && message.status === "received" &&
      (message.moderation === "none" || message.moderation === "approved");
    if (!message || !visible) throw new AppError(404, "not_found");
    return c.json({
      id: message.id,
      segment_id: message.segment_id,
      channel_id: message.channel_id,
      type: message.type,
      created_at: message.created_at.toISOString(),
      content: message.content,
      author_name: message.author_name,
    }, 200);
  },
);

export default app;
