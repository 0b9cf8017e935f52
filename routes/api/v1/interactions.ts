import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../app/openapi.ts";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { finishMediaParticipation } from "../../../lib/participations/service.ts";
import {
  answerOf,
  extraSchema,
  listenerParticipation,
  originFields,
  sendDeps,
  sendSchema,
} from "../../../lib/participations/vote.ts";
import { readSharedMessage, shareMessage } from "../../../lib/participations/shared.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { clientIp } from "../../../app/auth.ts";
import type { FastPath } from "../../../app/front.ts";

const tags = ["interactions"];
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
/** Idempotency-Key: drawn by the widget at Send, sent again with a retry (the same participation answers). */
const keyHeaders = {
  "idempotency-key": z.string().uuid().optional().describe(
    "a key drawn at Send: a request sent again with it answers the participation stored the first time",
  ),
};
const answerSchema = z.union([
  z.object({
    task_id: z.string().nullable(),
    id: z.number(),
    share_token: z.string().describe("the message's share token, for its author's Share button only"),
  }),
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

/**
 * A listener's vote without a session is answered before the app's routing, through the same function as the
 * POST handler below (app/vote_front.ts says which requests; the chain answers the others).
 */
export const fast: FastPath = { front: "vote" };

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    security: SECURITY.listenerOptional,
    tags,
    summary: "Send a participation (text, vote, multiple choice, sms, registration, game)",
    description: "Stores the participation and answers a task id to poll at tasks/{id}, or " +
      '`{message: "already_received", alreadyReceived: true}` when the interaction allows one participation.',
    request: {
      body: { content: { "application/json": { schema: sendSchema } }, required: true },
      headers: z.object(keyHeaders),
    },
    responses: { 200: json(answerSchema, "Task id, or already received"), ...errors },
  }),
  async (c) => {
    // c.get, not c.var: each read of c.var copies every variable of the request (the vote's hot path)
    const key = c.req.valid("header")["idempotency-key"];
    const answer = await listenerParticipation(
      c.get("deps"),
      c.req.valid("json"),
      clientIp(c),
      c.get("appUserId"),
      key,
    );
    return c.json(answer, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    security: SECURITY.listenerOptional,
    tags,
    summary: "Finish a media participation (the file of an upload slot, sent by tus)",
    request: {
      query: finishQuery,
      headers: z.object({ "extra-user-information": z.string().max(5000).optional(), ...keyHeaders }),
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
      sendDeps(c.var.deps, clientIp(c)),
      { ...query, extra_user_information: extra, idempotency_key: c.req.valid("header")["idempotency-key"] },
      c.var.appUserId,
    );
    return c.json(answerOf(outcome), 200);
  },
);

const sharedSchema = z.object({
  token: z.string(),
  segment_id: z.number(),
  channel_id: z.number(),
  type: z.string(),
  created_at: z.string(),
  content: z.object({
    text: z.string().nullable(),
    choice_text: z.string().nullable(),
    duration: z.number().nullable(),
  }),
  author_name: z.string().nullable().describe("the author's nickname; null = the anonymous label"),
  author_city: z.string().nullable(),
  medium: z.string().describe("how it reached the studio: widget, whatsapp, sms or voice"),
  media_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  media_kind: z.enum(["audio", "video", "image"]).nullable().describe("what the file is; null without one"),
});
const tokenParam = z.object({ token: z.string().max(64) });

app.openapi(
  createRoute({
    method: "get",
    path: "/{token}",
    tags,
    summary: "A shared interaction (a participation its author shared or staff broadcast)",
    description: "Addressed by its share token; a sequential id answers 404 except to staff of its " +
      "channel. Carries the nickname and city at most, never other personal data.",
    request: { params: tokenParam },
    responses: { 200: json(sharedSchema, "The participation"), 404: json(errorSchema, "Not found") },
  }),
  async (c) => {
    const message = await readSharedMessage(c.var.sql, c.req.valid("param").token, c.var.user);
    c.header("Cache-Control", "no-store");
    return c.json(message, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/{token}/share",
    tags,
    summary: "Share a participation (its author, from the thanks screen): answers the share link",
    request: { params: tokenParam },
    responses: {
      200: json(z.object({ token: z.string(), url: z.string() }), "The share link"),
      404: json(errorSchema, "Not found"),
    },
  }),
  async (c) => {
    const deps = c.var.deps;
    const origin = deps.config.PUBLIC_URL ? publicUrl(deps.config) : new URL(c.req.url).origin;
    const shared = await shareMessage(
      c.var.sql,
      c.req.valid("param").token,
      (channelId) => `${origin}/widgets/channel/${channelId}/`,
    );
    return c.json(shared, 200);
  },
);

export default app;
