// A listener's participation sent from the widget (POST /api/v1/interactions): its body's shape and the one
// function that stores it and says what to answer. The route calls it, and so does the route's fast path
// (app/vote_front.ts: a listener without a session answered before the app's routing).
import { z } from "zod";
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import { busOf, type EventBus } from "../live/bus.ts";
import { ALREADY_RECEIVED, type SendDeps, type SendOutcome, sendParticipation } from "./service.ts";

const text = (max: number) => z.string().max(max).nullish();
/** The free fields a widget may add about its listener (visitor-widget §6 extra_user_information). */
export const extraSchema = z.record(
  z.string().max(40),
  z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
);
/** Where a participation comes from: its interaction, channel, show and the listener's device. */
export const originFields = {
  show_id: text(100),
  channel_id: z.coerce.number().int().positive(),
  program_id: text(100),
  segment: z.coerce.number().int().positive(),
  site_ref: text(500),
  author_app_user_id: z.coerce.number().int().positive().nullish(),
  device_id: text(100),
};
/** The body of POST /interactions (the route validates it, and so does its fast path). */
export const sendSchema = z.object({
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
export type SendBody = z.infer<typeof sendSchema>;

/** The answer to a participation sent or finished: its task, id and share token, or "already received". */
export type ParticipationAnswer =
  | { task_id: string | null; id: number; share_token: string }
  | typeof ALREADY_RECEIVED;

/** What a participation's sending needs from the app: its database, queue, secret, clock and live bus. */
export interface ListenerDeps {
  sql: Sql;
  boss?: PgBoss;
  jwtSecret: Uint8Array;
  bus?: EventBus;
  now?: () => Date;
}

/** What sending or finishing a participation needs: the app's dependencies, the time, the sender's address. */
export const sendDeps = (deps: ListenerDeps, address: string): SendDeps => ({
  sql: deps.sql,
  boss: deps.boss,
  now: deps.now?.() ?? new Date(),
  secret: deps.jwtSecret,
  address,
  bus: busOf(deps),
});

/** What the widget is answered once a participation was stored: the outcome in the API's names. */
export const answerOf = (outcome: SendOutcome): ParticipationAnswer =>
  "alreadyReceived" in outcome
    ? ALREADY_RECEIVED
    : { task_id: outcome.taskId, id: outcome.id, share_token: outcome.shareToken };

/**
 * A listener's participation (a vote, a text, a registration): stored, and answered with its task, id and
 * share token, or "already received". `appUserId` is the listener signed in with a token, if any.
 */
export async function listenerParticipation(
  deps: ListenerDeps,
  body: SendBody,
  address: string,
  appUserId: number | null,
  idempotencyKey?: string,
): Promise<ParticipationAnswer> {
  const outcome = await sendParticipation(
    sendDeps(deps, address),
    { ...body, idempotency_key: idempotencyKey ?? null },
    { ...body.content, only_user_data: body.only_user_data },
    appUserId,
  );
  return answerOf(outcome);
}
