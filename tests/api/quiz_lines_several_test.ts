// A live quiz answered by SMS, beyond one letter: a question whose every right choice must be picked takes "B D",
// "B,D" or "2 4" in one text and scores it as the widget scores the same choices; webhooks signed as Twilio signs.
import assert from "node:assert/strict";
import { jsonOf } from "../_fixtures.ts";
import { answer, newDevice, step } from "./_quiz.ts";
import { phoneQuizApp } from "./_quiz_lines.ts";

const QUESTIONS = [
  {
    text: "Which of these are planets?",
    choices: [
      { id: 1, label: "Moon" },
      { id: 2, label: "Mars" },
      { id: 3, label: "Sun" },
      { id: 4, label: "Jupiter" },
    ],
    right_choice_ids: [2, 4],
    time_limit_s: 20,
    points: 100,
  },
  {
    text: "Which planet is the largest?",
    choices: [{ id: 1, label: "Mars" }, { id: 2, label: "Jupiter" }, { id: 3, label: "Venus" }],
    right_choice_ids: [2],
    time_limit_s: 20,
    points: 100,
  },
];

Deno.test({
  name: "quiz by phone - several choices in one text answer a question whose every right choice is needed",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const app = await phoneQuizApp();
    try {
      const { ctx, operator, clock } = app;
      const game = await app.quiz("Planets by SMS", QUESTIONS);
      const [q1, q2] = game.questionIds;
      const { text } = game;
      const answersOf = (questionId: number) =>
        ctx.sql<{ player: string; choice_ids: number[]; points: number; correct: boolean }[]>`
          select player, choice_ids, points, correct from quiz_answers where question_id = ${questionId}
          order by id`;

      await t.step("'B D', 'B,D' and '2 4' score as the widget's same choices at the same time", async () => {
        assert.equal((await step(ctx, operator, game.id, q1, "open")).status, 200);
        clock.advance(5_000);
        const device = await newDevice(ctx);
        const widget = await answer(ctx, game.id, { question_id: q1, choice_ids: [4, 2], device_id: device });
        assert.equal(widget.status, 200);
        assert.match(await text("+33610000001", "B D"), /<Response><\/Response>/);
        await text("+33610000002", "B,D");
        await text("+33610000003", "2 4");
        await text("+33610000004", "jupiter and mars");
        const [web, ...phones] = await answersOf(q1);
        assert.equal(phones.length, 4);
        assert.ok(web.correct && web.points > 100, "right and fast on the widget");
        for (const p of phones) {
          assert.deepEqual(p.choice_ids, [2, 4]);
          assert.equal(p.correct, true);
          assert.equal(p.points, web.points, "the widget's points for the same choices at the same time");
          assert.match(p.player, /^p[0-9a-f]+$/);
        }
      });

      await t.step("one right choice of two is a wrong answer, as on the widget", async () => {
        await text("+33610000005", "B");
        await text("+33610000006", "B C D");
        const [half, more] = (await answersOf(q1)).slice(5);
        assert.deepEqual(half.choice_ids, [2]);
        assert.deepEqual(more.choice_ids, [2, 3, 4]);
        assert.equal(half.points + more.points, 0);
      });

      await t.step("an out-of-range number is refused, and the number may then answer again", async () => {
        const before = (await answersOf(q1)).length;
        // the text is kept for the studio (never lost) and the listener is told why it did not count
        assert.match(
          await text("+33610000007", "2 9"),
          /<Response><Message>Cette réponse ne fait pas partie des choix\.<\/Message><\/Response>/,
        );
        await text("+33610000007", "B B D d");
        const rows = await answersOf(q1);
        assert.equal(rows.length, before + 1, "the refused text stored nothing");
        assert.deepEqual(rows.at(-1)!.choice_ids, [2, 4], "each choice once");
        assert.equal(rows.at(-1)!.correct, true);
      });

      await t.step("a question with one right choice takes one choice per text", async () => {
        clock.advance(20_000);
        assert.equal((await step(ctx, operator, game.id, q1, "reveal")).status, 200);
        const bars = (await jsonOf(await ctx.request(`/api/v1/quizzes/${game.id}`))).question.bars as {
          id: number;
          count: number;
        }[];
        assert.deepEqual(bars.map((b) => b.count), [0, 8, 1, 7], "the bars count each choice of a text");
        assert.equal((await step(ctx, operator, game.id, q2, "open")).status, 200);
        clock.advance(1_000);
        await text("+33610000001", "B C");
        assert.equal((await answersOf(q2)).length, 0, "two choices where one is right: refused");
        await text("+33610000001", "B");
        assert.deepEqual((await answersOf(q2))[0].choice_ids, [2]);
      });
    } finally {
      await app.close();
    }
  },
});
