// The live quiz played on a phone line: the app with its providers stubbed, the demo radio's staff, a clock the
// test moves, quizzes each fed by a Twilio SMS line, and texts posted as Twilio posts them, signed.
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers.ts";
import { addLine, lineApp, postTwilio } from "../_providers.ts";
import { randomQuiz, testClock } from "./_quiz.ts";

export const ACCESS_TOKEN = "EAAG-quiz-phone-token";
export const ACCOUNT = { sid: `AC${"c3".repeat(16)}`, token: "twilio-quiz-phone-token" };

/** An SMS line of `channel` feeding `segment`, and a way to text it as Twilio posts it, signed. */
export async function smsLine(ctx: TestApp, channel: number, segment: number, token: string) {
  const line = await addLine(ctx, channel, token, {
    kind: "sms",
    segment_id: segment,
    credentials: { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token },
  });
  return smsSender(ctx, line);
}

/** A way to text an SMS line of ACCOUNT as Twilio posts a text, signed; the TwiML answered. */
export function smsSender(ctx: TestApp, line: number) {
  let sid = 0;
  return async (from: string, body: string, city?: string) => {
    const sent = await postTwilio(ctx, line, ACCOUNT.token, {
      AccountSid: ACCOUNT.sid,
      MessageSid: `SM${String(++sid).padStart(20, "0")}${line}`,
      From: from,
      To: "+33700000000",
      Body: body,
      NumMedia: "0",
      ...(city ? { FromCity: city } : {}),
    });
    assert.equal(sent.status, 200);
    return await sent.text();
  };
}

/** `count` questions "Question 1?"… of the same choices (Mars, Jupiter, Venus unless given), Jupiter right. */
export const numberedQuestions = (count: number, labels = ["Mars", "Jupiter", "Venus"]) =>
  Array.from({ length: count }, (_, i) => ({
    text: `Question ${i + 1}?`,
    choices: labels.map((label, j) => ({ id: j + 1, label })),
    right_choice_ids: [2],
    time_limit_s: 20,
    points: 100,
  }));

/**
 * The app with its phone providers stubbed (lineApp), the demo radio, its manager's and operator's tokens and a
 * clock the test moves; `quiz` writes a live quiz of the radio with its own SMS line (`text`). `close` ends all.
 */
export async function phoneQuizApp() {
  const { stub, ctx, staff } = await lineApp({ accessToken: ACCESS_TOKEN, account: ACCOUNT });
  const close = async () => {
    await ctx.close();
    await stub.close();
  };
  try {
    const { radio, token } = staff;
    const manager = await token("manager");
    const operator = await token("operator");
    const clock = testClock(ctx);
    const quiz = async (title: string, questions: readonly unknown[]) => {
      const game = await randomQuiz(ctx, radio, manager, { title, questions });
      return { ...game, text: await smsLine(ctx, radio, game.id, manager) };
    };
    return { ctx, staff, radio, token, manager, operator, clock, quiz, close };
  } catch (e) {
    await close();
    throw e;
  }
}
