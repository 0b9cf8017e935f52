// The quiz's questions written from the interaction page's editor: the API answers each broken rule with its
// code on the failing field, keeps the order written, needs the right to edit, and refuses any change once a
// question was played.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { QUESTIONS, randomQuiz, step } from "./_quiz.ts";

Deno.test("quiz editor API - broken rules, order kept, edit right, refused once played", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const manager = await token("manager");
    const quiz = await randomQuiz(ctx, radio, manager);
    const put = (questions: unknown, as = manager) =>
      ctx.request(`/api/v1/show_segments/${quiz.id}/quiz`, { method: "PUT", token: as, json: { questions } });

    await t.step("each broken field is named with its code", async () => {
      const res = await put([
        { ...QUESTIONS[0], text: "" },
        { ...QUESTIONS[1], choices: [{ id: 1, label: "Four" }, { id: 2, label: "" }], time_limit_s: null },
        { ...QUESTIONS[2], right_choice_ids: [], points: 20_000 },
      ]);
      assert.equal(res.status, 400);
      assert.match(res.headers.get("content-type") ?? "", /json/);
      const body = await jsonOf(res);
      assert.equal(body.code, "validation");
      assert.deepEqual(body.fields["questions.0.text"], ["quiz_text_required"]);
      assert.deepEqual(body.fields["questions.1.choices.1.label"], ["quiz_choice_label_required"]);
      assert.deepEqual(body.fields["questions.1.time_limit_s"], ["quiz_time_limit_range"]);
      assert.deepEqual(body.fields["questions.2.right_choice_ids"], ["quiz_right_required"]);
      assert.deepEqual(body.fields["questions.2.points"], ["quiz_points_range"]);
    });

    await t.step("an empty quiz is refused", async () => {
      const res = await put([]);
      assert.equal(res.status, 400);
      assert.deepEqual((await jsonOf(res)).fields.questions, ["quiz_questions_count"]);
    });

    await t.step("questions reordered and one removed are stored in the order written", async () => {
      const res = await put([QUESTIONS[2], QUESTIONS[0]]);
      assert.equal(res.status, 200);
      const stored = (await jsonOf(res)).questions;
      assert.deepEqual(stored.map((q: { text: string }) => q.text), [QUESTIONS[2].text, QUESTIONS[0].text]);
      assert.deepEqual(stored.map((q: { position: number }) => q.position), [1, 2]);
      assert.deepEqual(stored[0].right_choice_ids, [1, 2]);
    });

    await t.step("the operator presents but does not write questions", async () => {
      const res = await put(QUESTIONS, await token("operator"));
      assert.equal(res.status, 403);
    });

    await t.step("once a question was opened the questions can no longer change", async () => {
      const current = await jsonOf(
        await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz`, { token: manager }),
      );
      assert.equal((await step(ctx, manager, quiz.id, current.questions[0].id, "open")).status, 200);
      const res = await put(QUESTIONS);
      assert.equal(res.status, 409);
      assert.equal((await jsonOf(res)).code, "quiz_already_played");
      const after = await jsonOf(
        await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz`, { token: manager }),
      );
      assert.equal(after.questions.length, 2);
    });
  } finally {
    await ctx.close();
  }
});
