import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json } from "../../../../../app/api.ts";
import { clientIp } from "../../../../../app/auth.ts";
import type { FastPath } from "../../../../../app/front.ts";
import { busOf } from "../../../../../lib/live/bus.ts";
import { quizAnswerSchema } from "../../../../../lib/rules/quiz.ts";
import { answerQuiz } from "../../../../../lib/quiz/service.ts";

const tags = ["interactions"];
const params = z.object({ id: idParam });
const now = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/**
 * When a TV game says "answer now", nearly every request is an answer from a widget with no session: it is
 * answered before the app's routing, through the same function as the handler below (app/vote_front.ts
 * says which requests; the chain answers the others).
 */
export const fast: FastPath = { front: "quiz", segment: "id" };

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "A listener's answer to the open question (one per question and device or signed-in listener)",
    description: "Timed on the server at receipt: a time sent by the phone is not read. Refused after the " +
      "close (410 quiz_answers_closed) and a second time (409 quiz_already_answered).",
    request: {
      params,
      body: { content: { "application/json": { schema: quizAnswerSchema } }, required: true },
    },
    responses: {
      200: json(z.object({ question_id: z.number(), received: z.boolean() }), "Received"),
      400: json(errorSchema, "Invalid answer, or a device id not issued here"),
      403: json(errorSchema, "Another channel's listener"),
      404: json(errorSchema, "Unknown quiz or question"),
      409: json(errorSchema, "Already answered, or the question is not open yet"),
      410: json(errorSchema, "The answers closed"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const deps = c.get("deps");
    const answer = await answerQuiz(
      { sql: c.get("sql"), secret: deps.jwtSecret, bus: busOf(deps), now: now(deps), address: clientIp(c) },
      id,
      c.req.valid("json"),
      c.get("appUserId"),
      c.get("t")("quiz.player"),
    );
    return c.json(answer, 200);
  },
);

export default app;
