// A number that sends STOP while its answer to a live quiz question is being stored: its answers are made
// unlinkable (lib/quiz/service.ts forgetLinePlayer) in a transaction that holds the open questions, and a
// batch of answers holds its questions before its insert (db/quiz.ts holdQuizQuestions). Whichever goes
// first, the number counts once for the question, and nothing keyed by the number is left behind. Many
// numbers race at once so that both orders happen; on PostgreSQL they run on connections of their own.
import assert from "node:assert/strict";
import { demoStaff, type TestApp, testApp } from "../_helpers.ts";
import { randomQuiz, step } from "../api/_quiz.ts";
import { AnswerBatcher } from "../../lib/quiz/answer_batch.ts";
import { forgetLinePlayer } from "../../lib/quiz/service.ts";
import { linePlayer } from "../../lib/rules/quiz.ts";
import { holdQuizQuestions, insertQuizAnswers } from "../../db/quiz.ts";

const NUMBERS = 40;

/** On PostgreSQL, waits (5 s at most) until another connection waits for a lock; PGlite has one connection. */
async function waitersOnLocks(ctx: TestApp) {
  if (!Deno.env.get("DATABASE_URL")) return;
  for (let i = 0; i < 50; i++) {
    const [row] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`;
    if (row.n > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

Deno.test("quiz STOP race - a number forgotten as it answers counts once, nothing left keyed by it", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const manager = await token("manager");
    const quiz = await randomQuiz(ctx, radio, manager, { title: "Stop race" });
    const [q1] = quiz.questionIds;
    assert.equal((await step(ctx, manager, quiz.id, q1, "open")).status, 200);
    const batcher = new AnswerBatcher(ctx.sql);
    const answer = (hash: string, pseudonym: string, choice: number) =>
      batcher.submit({
        answer: {
          question_id: q1,
          segment_id: quiz.id,
          player: linePlayer(hash),
          pseudonym,
          choice_ids: [choice],
          received_at: new Date(),
          elapsed_ms: 10,
          correct: choice === 2,
          points: choice === 2 ? 100 : 0,
        },
        capKey: `stop-race ${pseudonym}`,
        windowStart: new Date(0),
      });
    const hashOf = (round: string, i: number) => `${round}${String(i).padStart(38, "0")}`;
    const rowsOf = async (pseudonym: string) =>
      await ctx.sql<{ player: string }[]>`
        select player from quiz_answers where question_id = ${q1} and pseudonym = ${pseudonym}`;

    await t.step(
      "a second answer racing the STOP of a number that answered: one answer counted",
      async () => {
        const numbers = Array.from(
          { length: NUMBERS },
          (_, i) => ({ hash: hashOf("a1", i), name: `Twice ${i}` }),
        );
        for (const n of numbers) assert.equal(await answer(n.hash, n.name, 2), "stored");
        await Promise.all(
          numbers.map((n) => Promise.all([answer(n.hash, n.name, 3), forgetLinePlayer(ctx.sql, n.hash)])),
        );
        for (const n of numbers) {
          const rows = await rowsOf(n.name);
          assert.equal(rows.length, 1, `${n.name}: one answer for the question`);
          assert.notEqual(rows[0].player, linePlayer(n.hash), `${n.name}: not keyed by the number any more`);
        }
      },
    );

    await t.step(
      "an answer of a batch still in flight when the STOP comes is made unlinkable too",
      async () => {
        const hash = hashOf("b2", 0);
        let forgetting: Promise<number> | undefined;
        await ctx.sql.begin(async (tx) => {
          // a batch mid-way: its questions held, its answer inserted, not yet committed
          await holdQuizQuestions(tx, [q1]);
          const row = {
            question_id: q1,
            segment_id: quiz.id,
            player: linePlayer(hash),
            pseudonym: "In flight",
            choice_ids: [2],
            received_at: new Date(),
            elapsed_ms: 10,
            correct: true,
            points: 100,
            integrity: "counted" as const,
          };
          assert.equal((await insertQuizAnswers(tx, [row])).size, 1);
          forgetting = forgetLinePlayer(ctx.sql, hash);
          await waitersOnLocks(ctx);
        });
        await forgetting;
        const rows = await rowsOf("In flight");
        assert.equal(rows.length, 1);
        assert.notEqual(
          rows[0].player,
          linePlayer(hash),
          "the STOP waited for the batch, then rekeyed its answer",
        );
      },
    );
  } finally {
    await ctx.close();
  }
});
