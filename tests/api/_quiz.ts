// Factories of the live quiz tests: a game interaction with three questions, a clock the test moves, devices.
import assert from "node:assert/strict";
import { demoStaff, type TestApp, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { randomSegment } from "./_participation.ts";

export const QUESTIONS = [
  {
    text: "Which planet is the largest?",
    choices: [{ id: 1, label: "Mars" }, { id: 2, label: "Jupiter" }, { id: 3, label: "Venus" }],
    right_choice_ids: [2],
    time_limit_s: 20,
    points: 100,
  },
  {
    text: "How many strings has a violin?",
    choices: [{ id: 1, label: "Four" }, { id: 2, label: "Five" }, { id: 3, label: "Six" }],
    right_choice_ids: [1],
    time_limit_s: 15,
    points: 200,
  },
  {
    text: "Which are primary colours of light?",
    choices: [{ id: 1, label: "Red" }, { id: 2, label: "Green" }, { id: 3, label: "Yellow" }],
    right_choice_ids: [1, 2],
    time_limit_s: 30,
    points: 100,
  },
];

/** A clock the test moves: the app reads it for every server time (opening, receipt, countdown). */
export function testClock(ctx: TestApp, start = new Date()) {
  let now = start.getTime();
  ctx.deps.now = () => new Date(now);
  return { advance: (ms: number) => void (now += ms), now: () => new Date(now) };
}

/**
 * A game interaction of `channelId` with the questions (the three above unless given) written by `token`;
 * their ids in order.
 */
export async function randomQuiz(
  ctx: TestApp,
  channelId: number,
  token: string,
  { title = "Friday quiz", questions = QUESTIONS as readonly unknown[] } = {},
) {
  const segment = await randomSegment(ctx.sql, channelId, { type: "game", title });
  const res = await ctx.request(`/api/v1/show_segments/${segment.id}/quiz`, {
    method: "PUT",
    token,
    json: { questions },
  });
  if (res.status !== 200) throw new Error(`quiz not written: ${res.status} ${await res.text()}`);
  const quiz = await jsonOf(res);
  return { ...segment, questionIds: quiz.questions.map((q: { id: number }) => q.id) as number[] };
}

/** A device id issued by the app. */
export async function newDevice(ctx: TestApp): Promise<string> {
  return (await jsonOf(await ctx.request("/api/v1/devices", { method: "POST" }))).device_id;
}

/** A presenter step on a question: open, close or reveal. */
export function step(ctx: TestApp, token: string, segmentId: number, questionId: number, what: string) {
  return ctx.request(`/api/v1/show_segments/${segmentId}/quiz/questions/${questionId}/${what}`, {
    method: "POST",
    token,
  });
}

/** A listener's answer, from a given address. */
export function answer(
  ctx: TestApp,
  segmentId: number,
  body: Record<string, unknown>,
  init: { ip?: string; token?: string } = {},
) {
  return ctx.request(`/api/v1/quizzes/${segmentId}/answers`, {
    method: "POST",
    json: body,
    token: init.token,
    headers: { "x-forwarded-for": init.ip ?? "203.0.113.7" },
  });
}

/**
 * The app on a fresh database holding the demo, and a quiz of the demo radio (the three questions above)
 * written by its manager, its first question open.
 */
export async function openQuiz({ title }: { title?: string } = {}) {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const manager = await token("manager");
    const quiz = await randomQuiz(ctx, radio, manager, { title });
    const [q1] = quiz.questionIds;
    assert.equal((await step(ctx, manager, quiz.id, q1, "open")).status, 200);
    return { ctx, manager, quiz, q1 };
  } catch (e) {
    await ctx.close();
    throw e;
  }
}

/** A right answer worth 100 points of "Ann" to the quiz, as the answer batcher stores it; question and player to add. */
export const storedAnswer = (segmentId: number) => ({
  segment_id: segmentId,
  pseudonym: "Ann",
  choice_ids: [2],
  received_at: new Date(),
  elapsed_ms: 10,
  correct: true,
  points: 100,
});
