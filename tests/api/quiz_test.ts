// The live quiz through the API: the presenter opens a question (the server records its opening and close),
// listeners answer once, the countdown comes from the server, the reveal gives points with the speed bonus,
// the leaderboard follows points then total time, late joiners play what is still open, and the winners
// (top scores or a recorded draw that an audit replays) are told in the widget.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { answer, newDevice, QUESTIONS, randomQuiz, step, testClock } from "./_quiz.ts";

Deno.test("quiz API - three questions played, points from server times, leaderboard and winners", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const operator = await token("operator");
    const clock = testClock(ctx);
    // the manager writes the questions (edit rights), the operator presents them
    const quiz = await randomQuiz(ctx, radio, await token("manager"));
    const [q1, q2, q3] = quiz.questionIds;
    const [ann, bob, cy] = [await newDevice(ctx), await newDevice(ctx), await newDevice(ctx)];
    const view = async (device: string) =>
      await jsonOf(await ctx.request(`/api/v1/quizzes/${quiz.id}?device_id=${encodeURIComponent(device)}`));

    await t.step("before the first question: nothing open, the widget waits", async () => {
      const v = await view(ann);
      assert.equal(v.question, null);
      assert.deepEqual(v.open, []);
      const early = await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2], device_id: ann });
      assert.equal(early.status, 409);
      assert.equal((await jsonOf(early)).code, "quiz_not_opened");
    });

    await t.step("question 1 opened: the remaining time comes from the server's close", async () => {
      assert.equal((await step(ctx, operator, quiz.id, q1, "open")).status, 200);
      clock.advance(5_000);
      const v = await view(ann);
      assert.equal(v.question.id, q1);
      assert.equal(v.question.phase, "open");
      assert.equal(v.question.remaining_ms, 15_000);
      assert.equal(v.question.bars, null);
      assert.equal(v.question.multiple, false);
      assert.equal(
        v.question.right_choice_ids,
        undefined,
        "the right answer is never sent before the reveal",
      );
      // a second question cannot open while one is running
      const second = await step(ctx, operator, quiz.id, q2, "open");
      assert.equal(second.status, 409);
      assert.equal((await jsonOf(second)).code, "quiz_question_open");
    });

    await t.step("answers: Bob right at 5 s, Ann right at 9 s, Cy wrong; twice is refused", async () => {
      const b = await answer(ctx, quiz.id, {
        question_id: q1,
        choice_ids: [2],
        device_id: bob,
        pseudonym: "Bob",
      });
      assert.equal(b.status, 200);
      assert.equal((await jsonOf(b)).received, true);
      clock.advance(4_000);
      assert.equal(
        (await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2], device_id: ann, pseudonym: "Ann" }))
          .status,
        200,
      );
      assert.equal(
        (await answer(ctx, quiz.id, { question_id: q1, choice_ids: [1], device_id: cy, pseudonym: "Cy" }))
          .status,
        200,
      );
      const again = await answer(ctx, quiz.id, { question_id: q1, choice_ids: [1], device_id: bob });
      assert.equal(again.status, 409);
      assert.equal((await jsonOf(again)).code, "quiz_already_answered");
      const v = await view(ann);
      assert.deepEqual(v.my_answer, [2]);
      assert.deepEqual(v.open, [], "an answered question is not offered again");
    });

    await t.step(
      "at zero the answers close: an answer after it is refused, and reveal shows bars",
      async () => {
        const late = await newDevice(ctx);
        clock.advance(11_000); // 20 s after the opening
        const refused = await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2], device_id: late });
        assert.equal(refused.status, 410);
        assert.equal((await jsonOf(refused)).code, "quiz_answers_closed");
        assert.equal((await view(ann)).question.remaining_ms, 0);
        assert.equal((await step(ctx, operator, quiz.id, q1, "reveal")).status, 200);
        const v = await view(ann);
        assert.equal(v.question.phase, "revealed");
        assert.deepEqual(
          v.question.bars.map((b: { count: number; right: boolean }) => [b.count, b.right]),
          [[1, false], [2, true], [0, false]],
        );
        // 100 points + 75% of the 50 bonus for Bob (5 of 20 s), 55% for Ann (9 of 20 s)
        assert.deepEqual(
          v.top.map((s: { pseudonym: string; score: number }) => [s.pseudonym, s.score]),
          [["Bob", 138], ["Ann", 128], ["Cy", 0]],
        );
        assert.deepEqual(v.me, { rank: 2, score: 128, pseudonym: "Ann" });
      },
    );

    await t.step("question 2: a late joiner plays it; the presenter closes it early", async () => {
      assert.equal((await step(ctx, operator, quiz.id, q2, "open")).status, 200);
      clock.advance(3_000);
      const dee = await newDevice(ctx);
      const v = await view(dee);
      assert.deepEqual(v.open.map((q: { id: number }) => q.id), [q2]);
      assert.equal(v.open[0].remaining_ms, 12_000);
      for (const [device, name] of [[ann, "Ann"], [dee, "Dee"], [cy, "Cy"]]) {
        const res = await answer(ctx, quiz.id, {
          question_id: q2,
          choice_ids: [1],
          device_id: device,
          pseudonym: name,
        });
        assert.equal(res.status, 200);
      }
      assert.equal((await step(ctx, operator, quiz.id, q2, "close")).status, 200);
      const refused = await answer(ctx, quiz.id, { question_id: q2, choice_ids: [1], device_id: bob });
      assert.equal(refused.status, 410);
      assert.equal((await step(ctx, operator, quiz.id, q2, "reveal")).status, 200);
    });

    await t.step("question 3 (two right choices): ties broken by total answer time", async () => {
      assert.equal((await step(ctx, operator, quiz.id, q3, "open")).status, 200);
      clock.advance(6_000);
      for (const device of [bob, ann]) {
        assert.equal(
          (await answer(ctx, quiz.id, { question_id: q3, choice_ids: [2, 1], device_id: device })).status,
          200,
        );
      }
      clock.advance(30_000);
      assert.equal((await step(ctx, operator, quiz.id, q3, "reveal")).status, 200);
      const staff = await jsonOf(
        await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz`, { token: operator }),
      );
      assert.deepEqual(staff.questions.map((q: { phase: string }) => q.phase), [
        "revealed",
        "revealed",
        "revealed",
      ]);
      assert.deepEqual(staff.questions[2].right_choice_ids, QUESTIONS[2].right_choice_ids);
      // Ann: 128 + 280 (200 + 80% of 100) + 140; Cy: 0 + 280; Dee: 280 (3 s) + nothing; Bob: 138 + 140
      const top = staff.screen.top.map((s: { pseudonym: string; score: number; total_ms: number }) => [
        s.pseudonym,
        s.score,
        s.total_ms,
      ]);
      assert.deepEqual(top, [["Ann", 548, 18_000], ["Dee", 280, 3_000], ["Cy", 280, 12_000], [
        "Bob",
        278,
        11_000,
      ]]);
      assert.deepEqual(top.map((r: unknown[]) => r[0]), ["Ann", "Dee", "Cy", "Bob"]);
    });

    await t.step("winners by top scores are told in the widget", async () => {
      const res = await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz/winners`, {
        method: "POST",
        token: operator,
        json: { mode: "top", count: 2 },
      });
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.deepEqual(body.winners.map((w: { pseudonym: string }) => w.pseudonym), ["Ann", "Dee"]);
      assert.equal(body.winners[0].player, undefined, "a player's device never leaves the server");
      assert.equal((await view(ann)).won, true);
      assert.equal((await view(bob)).won, false);
    });

    await t.step(
      "a draw among right answers: seed and candidates recorded, the audit replays it",
      async () => {
        const res = await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz/winners`, {
          method: "POST",
          token: operator,
          json: { mode: "draw", count: 1 },
        });
        assert.equal(res.status, 200);
        const body = await jsonOf(res);
        assert.equal(body.candidates, 4, "everyone answered at least one question right");
        const audit = await jsonOf(
          await ctx.request(`/api/v1/interaction/draws/${body.draw_id}`, { token: operator }),
        );
        assert.equal(audit.tab, "quiz");
        assert.match(audit.seed, /^[0-9a-f]{32}$/);
        assert.equal(audit.candidate_ids.length, 4);
        assert.equal(audit.matches, true);
        assert.ok(audit.drawn_by, "who drew");
        const winners = await ctx.sql<
          { n: number }[]
        >`select count(*)::int as n from messages where winner and segment_id = ${quiz.id}`;
        assert.equal(winners[0].n, 0, "a quiz draw marks no message");
        const views = await Promise.all([ann, bob, cy].map(view));
        assert.equal(views.filter((v) => v.won).length <= 1, true);
        assert.equal(views[0].winners.length, 1);
      },
    );
  } finally {
    await ctx.close();
  }
});
