// Phone players of one city on a live quiz's leaderboard: "Auditeur · Lyon", "Auditeur · Lyon 2"… in the order
// they first answered, each keeping its name for the whole quiz, even when they answer at the same moment.
import assert from "node:assert/strict";
import { jsonOf } from "../_fixtures.ts";
import { createTranslator, LANGUAGES } from "../../lib/rules/i18n.ts";
import { step } from "./_quiz.ts";
import { numberedQuestions, phoneQuizApp } from "./_quiz_lines.ts";

const QUESTIONS = numberedQuestions(2);

Deno.test("quiz names - the nth player of one name is told apart in every language", async () => {
  for (const language of LANGUAGES) {
    const locale = JSON.parse(
      await Deno.readTextFile(new URL(`../../locales/${language}.json`, import.meta.url)),
    );
    const t = createTranslator({ [language]: locale }, language);
    const name = t("quiz.listener_city", { city: "Lyon" });
    const second = t("quiz.name_nth", { name, n: 2 });
    assert.ok(second.includes(name) && second.includes("2") && second !== name, `${language}: ${second}`);
  }
});

Deno.test({
  name: "quiz by phone - several players of one city get numbered names, stable within the quiz",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const app = await phoneQuizApp();
    try {
      const { ctx, operator, clock } = app;
      const quiz = async (title: string) => {
        const game = await app.quiz(title, QUESTIONS);
        return { id: game.id, ids: game.questionIds, text: game.text };
      };
      const namesOf = async (questionId: number) =>
        new Map(
          (await ctx.sql<{ player: string; pseudonym: string }[]>`
            select player, pseudonym from quiz_answers where question_id = ${questionId}`)
            .map((r) => [r.player, r.pseudonym]),
        );
      const game = await quiz("City quiz");
      const [q1, q2] = game.ids;
      const LYON = ["+33630000001", "+33630000002", "+33630000003"];

      await t.step("the second and third player of Lyon are 'Auditeur · Lyon 2' and '… 3'", async () => {
        assert.equal((await step(ctx, operator, game.id, q1, "open")).status, 200);
        clock.advance(2_000);
        for (const number of LYON) await game.text(number, "B", "Lyon");
        await game.text("+33630000009", "B", "Brest");
        const names = [...(await namesOf(q1)).values()].sort();
        assert.deepEqual(names, [
          "Auditeur · Brest",
          "Auditeur · Lyon",
          "Auditeur · Lyon 2",
          "Auditeur · Lyon 3",
        ]);
      });

      await t.step("a player keeps its name when the order of answers changes", async () => {
        clock.advance(20_000);
        assert.equal((await step(ctx, operator, game.id, q1, "reveal")).status, 200);
        assert.equal((await step(ctx, operator, game.id, q2, "open")).status, 200);
        clock.advance(1_000);
        for (const number of [...LYON].reverse()) await game.text(number, "B", "Lyon");
        assert.deepEqual(
          await namesOf(q2),
          new Map([...(await namesOf(q1))].filter(([, n]) => n.includes("Lyon"))),
        );
        clock.advance(20_000);
        assert.equal((await step(ctx, operator, game.id, q2, "reveal")).status, 200);
        const top = (await jsonOf(await ctx.request(`/api/v1/quizzes/${game.id}`))).top as {
          pseudonym: string;
        }[];
        const names = top.map((s) => s.pseudonym);
        assert.equal(
          new Set(names).size,
          names.length,
          `every line of the leaderboard is told apart: ${names}`,
        );
      });

      await t.step("players of one city answering at the same moment take different numbers", async () => {
        const rush = await quiz("Rush quiz");
        assert.equal((await step(ctx, operator, rush.id, rush.ids[0], "open")).status, 200);
        const numbers = Array.from({ length: 12 }, (_, i) => `+3364000${String(i).padStart(4, "0")}`);
        await Promise.all(numbers.map((n) => rush.text(n, "B", "Lyon")));
        const names = [...(await namesOf(rush.ids[0])).values()];
        assert.equal(names.length, 12);
        assert.equal(new Set(names).size, 12, names.join());
        assert.ok(
          names.includes("Auditeur · Lyon") && names.includes("Auditeur · Lyon 12"),
          "numbered from 1",
        );
      });
    } finally {
      await app.close();
    }
  },
});
