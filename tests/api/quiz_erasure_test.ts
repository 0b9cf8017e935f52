// A signed-in listener erased (data rights): its live quiz answers, wins and phone name, keyed by its id, go.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { deleteAppUser } from "../../db/data_rights.ts";
import { claimQuizName } from "../../db/quiz.ts";
import { randomAppUser } from "./_participation.ts";
import { answer, randomQuiz, step, testClock } from "./_quiz.ts";

Deno.test("quiz erasure - a deleted listener's answers, wins and name on air are deleted", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const operator = await token("operator");
    const clock = testClock(ctx);
    const quiz = await randomQuiz(ctx, radio, await token("manager"));
    const listener = await randomAppUser(ctx, { channel_id: radio });
    assert.equal((await step(ctx, operator, quiz.id, quiz.questionIds[0], "open")).status, 200);
    const res = await answer(ctx, quiz.id, { question_id: quiz.questionIds[0], choice_ids: [2] }, {
      token: listener.token,
    });
    assert.equal(res.status, 200);
    clock.advance(60_000);
    assert.equal((await step(ctx, operator, quiz.id, quiz.questionIds[0], "reveal")).status, 200);
    const won = await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz/winners`, {
      method: "POST",
      token: operator,
      json: { mode: "top", count: 1 },
    });
    assert.equal(won.status, 200);
    const player = `u${listener.id}`;
    // the name on air its linked phone number was given ("Listener · Caen") is its too
    assert.equal(await claimQuizName(ctx.sql, quiz.id, player, "Listener · Caen"), 1);
    const count = async () => [
      (await ctx.sql`select 1 from quiz_answers where player = ${player}`).length,
      (await ctx.sql`select 1 from quiz_winners where player = ${player}`).length,
      (await ctx.sql`select 1 from quiz_line_names where player = ${player}`).length,
    ];
    assert.deepEqual(await count(), [1, 1, 1]);
    await deleteAppUser(ctx.sql, listener.id);
    assert.deepEqual(await count(), [0, 0, 0]);
  } finally {
    await ctx.close();
  }
});
