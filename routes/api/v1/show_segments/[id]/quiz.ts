import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { busOf } from "../../../../../lib/live/bus.ts";
import { quizQuestionsSchema } from "../../../../../lib/rules/quiz.ts";
import {
  announceQuizWinners,
  closeQuizQuestion,
  openQuizQuestion,
  quizForStaff,
  revealQuizQuestion,
  setQuizQuestions,
} from "../../../../../lib/quiz/service.ts";
import { audit } from "../../../../../app/audit.ts";

const tags = ["show_segments"];
const params = z.object({ id: idParam });
const quizSchema = z.object({ questions: z.array(z.object({}).passthrough()), screen: z.unknown() });
const stepErrors = {
  ...staffErrors,
  409: json(errorSchema, "Not possible now (a question is open, not opened, already played)"),
  422: json(errorSchema, "Not a game interaction"),
};
const STEPS = { open: openQuizQuestion, close: closeQuizQuestion, reveal: revealQuizQuestion };
const now = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

const app = staffApi("participations-read");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary:
      "The live quiz of a game interaction: its questions with the right answers, and what screens show",
    request: { params },
    responses: { 200: json(quizSchema, "The quiz"), ...stepErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await quizForStaff(c.var.sql, staffOf(c), id, now(c.var.deps)), 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary: "Writes the questions of the quiz (refused once a question was played)",
    request: {
      params,
      body: { content: { "application/json": { schema: quizQuestionsSchema } }, required: true },
    },
    responses: { 200: json(quizSchema, "The quiz"), ...stepErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await setQuizQuestions(c.var.sql, staffOf(c), id, c.req.valid("json").questions);
    return c.json(await quizForStaff(c.var.sql, staffOf(c), id, now(c.var.deps)), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/questions/{question_id}/{step}",
    tags,
    summary:
      "Opens a question (the server records its opening and close), closes it now, or reveals its answer",
    request: {
      params: params.extend({ question_id: idParam, step: z.enum(["open", "close", "reveal"]) }),
    },
    responses: { 200: json(quizSchema, "The quiz"), ...stepErrors },
  }),
  async (c) => {
    const { id, question_id, step } = c.req.valid("param");
    await STEPS[step](c.var.sql, busOf(c.var.deps), staffOf(c), id, question_id, now(c.var.deps));
    return c.json(await quizForStaff(c.var.sql, staffOf(c), id, now(c.var.deps)), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/winners",
    tags,
    summary:
      "Announces the winners: the top scores, or a draw among the right answers (seed and candidates kept)",
    request: {
      params,
      body: {
        content: {
          "application/json": {
            schema: z.object({ mode: z.enum(["top", "draw"]), count: z.number().int().min(1).max(50) }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(
        z.object({
          draw_id: z.number().nullable(),
          candidates: z.number(),
          winners: z.array(z.object({}).passthrough()),
        }),
        "The winners",
      ),
      ...stepErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const announced = await announceQuizWinners(
      c.var.sql,
      busOf(c.var.deps),
      staffOf(c),
      id,
      c.req.valid("json"),
    );
    await audit(c, "winners_drawn", {
      object: ["interaction", id],
      details: { count: announced.winners.length, method: c.req.valid("json").mode },
    });
    return c.json(announced, 200);
  },
);

export default app;
