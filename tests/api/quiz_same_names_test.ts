// Two widget players who chose the same name are told apart on the leaderboard, in their widget and among the
// winners (top scores or a draw): the first to answer keeps it, the other is "Marie 2".
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { answer, newDevice, randomQuiz, step, testClock } from "./_quiz.ts";

Deno.test("quiz API - widget players with the same name are numbered on air", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const operator = await token("operator");
    const clock = testClock(ctx);
    const quiz = await randomQuiz(ctx, radio, await token("manager"), { title: "Same names" });
    const [q1] = quiz.questionIds;
    const [first, second, other] = [await newDevice(ctx), await newDevice(ctx), await newDevice(ctx)];
    const view = async (device: string) =>
      await jsonOf(await ctx.request(`/api/v1/quizzes/${quiz.id}?device_id=${encodeURIComponent(device)}`));

    assert.equal((await step(ctx, operator, quiz.id, q1, "open")).status, 200);
    for (
      const [device, pseudonym, choice] of [[first, "Marie", 1], [second, "marie", 2], [other, "Zoé", 2]]
    ) {
      clock.advance(1_000);
      const sent = await answer(ctx, quiz.id, {
        question_id: q1,
        choice_ids: [choice],
        device_id: device,
        pseudonym,
      });
      assert.equal(sent.status, 200);
    }
    clock.advance(20_000);
    assert.equal((await step(ctx, operator, quiz.id, q1, "reveal")).status, 200);

    await t.step("the leaderboard and each widget tell the two Maries apart", async () => {
      const screen = await view(first);
      assert.deepEqual(screen.top.map((s: { pseudonym: string }) => s.pseudonym), [
        "marie 2",
        "Zoé",
        "Marie",
      ]);
      assert.equal(screen.me.pseudonym, "Marie", "the first to answer keeps the name");
      assert.equal((await view(second)).me.pseudonym, "marie 2");
    });

    await t.step("the winners, by top scores or drawn, carry the numbered name", async () => {
      const top = await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz/winners`, {
        method: "POST",
        token: operator,
        json: { mode: "top", count: 1 },
      });
      assert.equal(top.status, 200);
      assert.deepEqual((await jsonOf(top)).winners.map((w: { pseudonym: string }) => w.pseudonym), [
        "marie 2",
      ]);
      // only the second Marie and Zoé answered right: a draw of both names them as the leaderboard does
      const drawn = await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz/winners`, {
        method: "POST",
        token: operator,
        json: { mode: "draw", count: 2 },
      });
      assert.equal(drawn.status, 200);
      const names = (await jsonOf(drawn)).winners.map((w: { pseudonym: string }) => w.pseudonym);
      assert.deepEqual(names.toSorted(), ["Zoé", "marie 2"]);
    });
  } finally {
    await ctx.close();
  }
});
