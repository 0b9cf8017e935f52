// A text after a live quiz's last question is told the quiz is over, with the player's final score and rank
// once every answer is revealed, in the channel's language; between two questions it is still told to wait.
import assert from "node:assert/strict";
import { step } from "./_quiz.ts";
import { numberedQuestions, phoneQuizApp } from "./_quiz_lines.ts";
import fr from "../../locales/fr.json" with { type: "json" };

const QUESTIONS = numberedQuestions(2, ["Mars", "Jupiter"]);

/** The text of a TwiML reply (the notice sent back to the number). */
const said = (twiml: string) =>
  twiml.match(/<Message>([^<]*)<\/Message>/)?.[1].replaceAll("&apos;", "'") ?? null;

Deno.test({
  name: "quiz by phone - a text after the last question hears that the quiz is over, and its final score",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const app = await phoneQuizApp();
    try {
      const { ctx, radio, operator, clock } = app;
      const game = await app.quiz("Last call", QUESTIONS);
      const [q1, q2] = game.questionIds;
      const quizLine = game.text;
      const FAST = "+33640000001", SLOW = "+33640000002", LATE = "+33640000003", NEVER = "+33640000004";
      const EARLY = "+33640000005";

      for (const q of [q1, q2]) {
        assert.equal((await step(ctx, operator, game.id, q, "open")).status, 200);
        clock.advance(2_000);
        assert.equal(said(await quizLine(FAST, "B")), null, "an answer is not answered");
        clock.advance(8_000);
        assert.equal(said(await quizLine(SLOW, "B")), null);
        clock.advance(20_000);
        if (q === q1) {
          assert.equal((await step(ctx, operator, game.id, q, "reveal")).status, 200);
          await t.step("between two questions, a text is still told the next one is coming", async () => {
            assert.equal(said(await quizLine(EARLY, "B")), fr.quiz.waiting);
          });
        }
      }

      await t.step("the last question closed, not revealed: over, no score yet", async () => {
        assert.equal(said(await quizLine(LATE, "B")), fr.quiz.over);
        const [held] = await ctx.sql<{ reason: string }[]>`
          select reason from line_held_messages where segment_id = ${game.id} order by id desc limit 1`;
        assert.equal(held.reason, "quiz_over", "kept for the studio under its own reason");
        const page = await ctx.request(`/channels/${radio}/held-messages`, { token: operator });
        assert.equal(page.status, 200);
        const label = fr.lines.held_reason_quiz_over.replace("{{interaction}}", "Last call");
        assert.ok((await page.text()).includes(label), "the studio reads why");
      });

      await t.step("once revealed, a player hears its final score and rank", async () => {
        assert.equal((await step(ctx, operator, game.id, q2, "reveal")).status, 200);
        const fast = said(await quizLine(FAST, "thanks!"));
        assert.equal(fast, fr.quiz.over_score.replace("{{score}}", "290").replace("{{rank}}", "1"));
        const slow = said(await quizLine(SLOW, "B"));
        assert.equal(slow, fr.quiz.over_score.replace("{{score}}", "250").replace("{{rank}}", "2"));
        assert.equal(said(await quizLine(NEVER, "B")), fr.quiz.over, "a number that never played: no score");
      });
    } finally {
      await app.close();
    }
  },
});
