// A number's live quiz answers once it sends STOP or its listener is erased: rekeyed to a random player of
// each quiz, so nothing derived from the number finds them, while the counts, bars and leaderboard on air stay.
import assert from "node:assert/strict";
import { jsonOf } from "../_fixtures.ts";
import { numberHash } from "../../lib/lines/inbound.ts";
import { linePlayer } from "../../lib/rules/quiz.ts";
import { randomSegment } from "./_participation.ts";
import { step } from "./_quiz.ts";
import { numberedQuestions, phoneQuizApp, smsLine } from "./_quiz_lines.ts";

const QUESTIONS = numberedQuestions(2);

Deno.test({
  name: "quiz by phone - STOP and erasure leave a number's answers counted but unlinkable",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const app = await phoneQuizApp();
    try {
      const { ctx, radio, manager, operator, clock } = app;
      const game = await app.quiz("Forgetful quiz", QUESTIONS);
      const [q1, q2] = game.questionIds;
      const quizLine = game.text;
      const inbox = await randomSegment(ctx.sql, radio, { type: "message", title: "Morning show" });
      const inboxLine = await smsLine(ctx, radio, inbox.id, manager);
      const keyOf = (number: string) => linePlayer(numberHash(ctx.deps.jwtSecret, number).slice(0, 40));
      const STOPPER = "+33620000001", ERASED = "+33620000002", STAYS = "+33620000003";
      const rowsOf = (player: string) =>
        ctx.sql<{ player: string; points: number }[]>`
          select player, points from quiz_answers where segment_id = ${game.id} and player = ${player}`;
      const board = async () => {
        const screen = await jsonOf(await ctx.request(`/api/v1/quizzes/${game.id}`));
        return { top: screen.top as { pseudonym: string; score: number }[], bars: screen.question.bars };
      };

      // three numbers answer both questions; the one to be erased also wrote to the morning show
      await inboxLine(ERASED, "Hello, morning show");
      for (const q of [q1, q2]) {
        assert.equal((await step(ctx, operator, game.id, q, "open")).status, 200);
        clock.advance(3_000);
        await quizLine(STOPPER, "B", "Lyon");
        await quizLine(ERASED, "B", "Brest");
        await quizLine(STAYS, "A", "Nice");
        clock.advance(20_000);
        assert.equal((await step(ctx, operator, game.id, q, "reveal")).status, 200);
      }
      const before = await board();
      assert.equal(before.top.length, 3);
      assert.equal((await rowsOf(keyOf(STOPPER))).length, 2);
      assert.equal((await rowsOf(keyOf(ERASED))).length, 2);

      await t.step(
        "after STOP, nothing derived from the number finds its answers; they still count",
        async () => {
          assert.match(await quizLine(STOPPER, "STOP"), /<Message>/);
          assert.equal((await rowsOf(keyOf(STOPPER))).length, 0);
          const lyon = await ctx.sql<{ player: string; points: number }[]>`
          select player, points from quiz_answers where segment_id = ${game.id} and pseudonym = 'Auditeur · Lyon'`;
          assert.equal(lyon.length, 2);
          assert.equal(lyon[0].player, lyon[1].player, "still one player within the quiz: its score adds up");
          assert.match(lyon[0].player, /^f[0-9a-f]{32}$/, "a random key, unrelated to the number");
          assert.deepEqual(await board(), before, "the leaderboard and the bars on air are unchanged");
          assert.equal((await rowsOf(keyOf(STAYS))).length, 2, "another number's answers keep their key");
        },
      );

      await t.step("erasing the listener behind a phone message forgets its quiz answers too", async () => {
        const [message] = await ctx.sql<{ id: number }[]>`
          select id::int as id from messages where segment_id = ${inbox.id}`;
        const erased = await ctx.request("/api/v1/listener_erasure", {
          method: "POST",
          token: manager,
          json: { message_id: message.id },
        });
        assert.equal(erased.status, 200);
        assert.equal((await rowsOf(keyOf(ERASED))).length, 0);
        const [{ players }] = await ctx.sql<{ players: number }[]>`
          select count(distinct player)::int as players from quiz_answers where segment_id = ${game.id}`;
        assert.equal(players, 3, "three players still, none linked to a number it forgot");
        assert.deepEqual(await board(), before);
      });

      await t.step("the winners announced before a STOP keep their rank and name", async () => {
        const won = await ctx.request(`/api/v1/show_segments/${game.id}/quiz/winners`, {
          method: "POST",
          token: operator,
          json: { mode: "top", count: 3 },
        });
        assert.equal(won.status, 200, await won.clone().text());
        const names = (await won.json()).winners.map((w: { pseudonym: string }) => w.pseudonym);
        assert.deepEqual(names.at(-1), "Auditeur · Nice", "the number still known is among the winners");
        await quizLine(STAYS, "STOP");
        const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from quiz_winners where segment_id = ${game.id} and player like 'p%'`;
        assert.equal(n, 0, "no winner is keyed by a forgotten number");
        const screen = await jsonOf(await ctx.request(`/api/v1/quizzes/${game.id}`));
        assert.deepEqual(screen.winners.map((w: { pseudonym: string }) => w.pseudonym), names);
      });
    } finally {
      await app.close();
    }
  },
});
