// A number forgotten (STOP, erasure) after answering a question still open becomes a new player, yet the
// question counts it once: a tag of its old key is kept for that question until it can take no answer.
import assert from "node:assert/strict";
import { numberHash } from "../../lib/lines/inbound.ts";
import { randomSegment } from "./_participation.ts";
import { step } from "./_quiz.ts";
import { numberedQuestions, phoneQuizApp, smsLine } from "./_quiz_lines.ts";

const QUESTIONS = numberedQuestions(3);

Deno.test({
  name: "quiz by phone - a number answers a question once, even after its STOP or erasure",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const app = await phoneQuizApp();
    try {
      const { ctx, radio, manager, operator, clock } = app;
      const game = await app.quiz("Once per number", QUESTIONS);
      const [q1, q2, q3] = game.questionIds;
      const quizLine = game.text;
      const inbox = await randomSegment(ctx.sql, radio, { type: "message", title: "Morning show" });
      const inboxLine = await smsLine(ctx, radio, inbox.id, manager);
      const STOPPER = "+33630000001", ERASED = "+33630000002";
      const answersTo = async (question: number) =>
        (await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from quiz_answers where question_id = ${question}`)[0].n;
      const tags = () =>
        ctx.sql<{ question_id: number; tag: string }[]>`
          select question_id::int as question_id, tag from quiz_forgotten_answers
          where question_id in (${q1}, ${q2}) order by question_id`;

      await inboxLine(ERASED, "Hello, morning show");
      // a number its listener linked to their account from my space answers as that account
      const LINKED = "+33630000003";
      await inboxLine(LINKED, "Hello too");
      const [listener] = await ctx.sql<{ id: number }[]>`
        select id::int as id from app_users where channel_id = ${radio} order by id limit 1`;
      await ctx.sql`update phone_numbers set app_user_id = ${listener.id}
        where number_hash = ${numberHash(ctx.deps.jwtSecret, LINKED)}`;
      assert.equal((await step(ctx, operator, game.id, q1, "open")).status, 200);
      clock.advance(2_000);
      await quizLine(STOPPER, "A", "Lyon");
      await quizLine(ERASED, "B", "Brest");
      await quizLine(LINKED, "B", "Caen");
      assert.equal(await answersTo(q1), 3);

      await t.step(
        "after STOP, the same number's second answer to the open question is refused",
        async () => {
          await quizLine(STOPPER, "STOP");
          const again = await quizLine(STOPPER, "B", "Lyon");
          assert.match(again, /déjà répondu/, "told in the channel's language that it already answered");
          assert.equal(await answersTo(q1), 3, "the question still counts the number once");
        },
      );

      await t.step(
        "a number linked to an account: its STOP unlinks it, yet it answers that question once",
        async () => {
          await quizLine(LINKED, "STOP");
          await quizLine(LINKED, "A", "Caen");
          assert.equal(await answersTo(q1), 3);
          const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from quiz_answers where question_id = ${q1} and player = ${`u${listener.id}`}`;
          assert.equal(n, 1, "the account's own answer stays the account's");
        },
      );

      await t.step("after erasure too", async () => {
        const [message] = await ctx.sql<{ id: number }[]>`
          select id::int as id from messages where segment_id = ${inbox.id} order by id limit 1`;
        const erased = await ctx.request("/api/v1/listener_erasure", {
          method: "POST",
          token: manager,
          json: { message_id: message.id },
        });
        assert.equal(erased.status, 200);
        await quizLine(ERASED, "A", "Brest");
        assert.equal(await answersTo(q1), 3);
      });

      await t.step("what is kept is a tag per question, neither the number nor its keyed hash", async () => {
        const kept = await tags();
        assert.equal(kept.length, 3);
        for (const { question_id, tag } of kept) {
          assert.equal(question_id, q1);
          assert.match(tag, /^[0-9a-f]{64}$/);
          for (const number of [STOPPER, ERASED, LINKED]) {
            const hash = numberHash(ctx.deps.jwtSecret, number);
            assert.ok(!tag.includes(number.slice(1)) && !tag.includes(hash.slice(0, 40)));
          }
        }
        const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from quiz_answers where segment_id = ${game.id} and player like 'p%'`;
        assert.equal(n, 0, "the answers themselves stay keyed at random");
      });

      await t.step(
        "the tags go with the reveal; the next question takes the number as a new player",
        async () => {
          clock.advance(20_000);
          assert.equal((await step(ctx, operator, game.id, q1, "reveal")).status, 200);
          assert.equal((await tags()).length, 0);
          assert.equal((await step(ctx, operator, game.id, q2, "open")).status, 200);
          clock.advance(1_000);
          await quizLine(STOPPER, "B", "Lyon");
          assert.equal(await answersTo(q2), 1);
          await quizLine(STOPPER, "STOP");
          assert.equal((await tags()).length, 1, "tagged while q2 is open");
          clock.advance(20_000);
          assert.equal((await step(ctx, operator, game.id, q2, "close")).status, 200);
          assert.equal(
            (await tags()).length,
            1,
            "closed but not revealed: still kept (the hour's bound aside)",
          );
          assert.equal((await step(ctx, operator, game.id, q3, "open")).status, 200);
          assert.equal((await tags()).length, 0, "the next question opened: q2 takes no answer any more");
        },
      );
    } finally {
      await app.close();
    }
  },
});
