// A batch of quiz answers is one transaction (lib/quiz/answer_batch.ts): its counters' hits, then its rows. A
// batch the database refuses must leave nothing behind: its hits are rolled back with its rows (each answer,
// stored again alone, counts once), and the connection goes back to the pool outside any transaction.
import assert from "node:assert/strict";
import { openQuiz, storedAnswer } from "../api/_quiz.ts";
import { AnswerBatcher } from "../../lib/quiz/answer_batch.ts";

Deno.test("quiz group commit - a refused batch leaves no hit counted twice and no transaction open", async () => {
  const { ctx, quiz, q1 } = await openQuiz({ title: "Rolled back" });
  try {
    const batcher = new AnswerBatcher(ctx.sql);
    const base = storedAnswer(quiz.id);
    const windowStart = new Date(0);
    const [good, bad] = await Promise.allSettled([
      batcher.submit({
        answer: { ...base, question_id: q1, player: "drb-good" },
        capKey: "rb-a",
        windowStart,
      }),
      // points beyond an int column: the statement holding this answer is refused
      batcher.submit({
        answer: { ...base, question_id: q1, player: "drb-bad", points: 2 ** 40 },
        capKey: "rb-b",
        windowStart,
      }),
    ]);
    assert.deepEqual(good, { status: "fulfilled", value: "stored" });
    assert.equal(bad.status, "rejected");
    const counts = await ctx.sql<{ key: string; count: number }[]>`
      select key, count::int as count from rate_limits where key in ('rb-a', 'rb-b') order by key`;
    assert.deepEqual(counts.map((r) => [r.key, r.count]), [["rb-a", 1], ["rb-b", 1]], "each hit once");
    // the connections are back outside a transaction: a statement's work is seen by another at once
    for (let i = 0; i < 4; i++) {
      const [row] = await ctx.sql<{ open: boolean }[]>`select txid_current_if_assigned() is not null as open`;
      assert.equal(row.open, false);
    }
    assert.equal(
      await batcher.submit({
        answer: { ...base, question_id: q1, player: "drb-next" },
        capKey: "rb-c",
        windowStart,
      }),
      "stored",
    );
  } finally {
    await ctx.close();
  }
});
