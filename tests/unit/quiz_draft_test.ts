// The question editor's draft: stored questions become form drafts and back into the body the API
// validates, and the API's field errors land on the form's fields.
import assert from "node:assert/strict";
import {
  blankQuestion,
  draftErrors,
  draftsOf,
  moveItem,
  questionsBody,
  QUIZ_DRAFT_DEFAULTS,
} from "../../lib/rules/quiz_draft.ts";
import { quizQuestionsSchema } from "../../lib/rules/quiz.ts";
import { QUESTIONS } from "../api/_quiz.ts";

Deno.test("quiz draft - a blank question has three empty choices, 20 s and 100 points", () => {
  const q = blankQuestion();
  assert.equal(QUIZ_DRAFT_DEFAULTS.time_limit_s, 20);
  assert.equal(QUIZ_DRAFT_DEFAULTS.points, 100);
  assert.deepEqual(q.choices, [{ label: "", right: false }, { label: "", right: false }, {
    label: "",
    right: false,
  }]);
  assert.equal(q.time_limit_s, "20");
  assert.equal(q.points, "100");
});

Deno.test("quiz draft - stored questions survive a round trip through the form", () => {
  const stored = QUESTIONS.map((q) => ({ ...q, image_url: null }));
  const body = questionsBody(draftsOf(stored));
  assert.deepEqual(body.questions, stored);
  assert.equal(quizQuestionsSchema.safeParse(body).success, true);
});

Deno.test("quiz draft - choices are renumbered in the order shown, right marks follow them", () => {
  const [q] = questionsBody([{
    text: " Capital of Poland? ",
    image_url: " https://example.org/warsaw.jpg ",
    choices: [{ label: "Kraków", right: false }, { label: "Warsaw", right: true }],
    time_limit_s: " 30 ",
    points: "",
  }]).questions;
  assert.deepEqual(q.choices, [{ id: 1, label: "Kraków" }, { id: 2, label: "Warsaw" }]);
  assert.deepEqual(q.right_choice_ids, [2]);
  assert.equal(q.image_url, "https://example.org/warsaw.jpg");
  assert.equal(q.time_limit_s, 30);
  assert.equal(q.points, null, "an empty field is sent as null so the server names it");
});

Deno.test("quiz draft - the API's field errors are keyed by the form's fields", () => {
  assert.deepEqual(
    draftErrors({
      "questions.0.text": ["quiz_text_required"],
      "questions.1.choices.2.label": ["quiz_choice_label_required", "quiz_choice_label_too_long"],
      "questions.1.right_choice_ids": ["quiz_right_required"],
      "questions.2.right_choice_ids.0": ["quiz_right_unknown"],
      "questions": ["quiz_questions_count"],
      "title": ["ignored"],
    }),
    {
      "0.text": "quiz_text_required",
      "1.choices.2.label": "quiz_choice_label_required",
      "1.right_choice_ids": "quiz_right_required",
      "2.right_choice_ids": "quiz_right_unknown",
      "questions": "quiz_questions_count",
    },
  );
  assert.deepEqual(draftErrors(undefined), {});
});

Deno.test("quiz draft - a question moves one place, never past either end", () => {
  assert.deepEqual(moveItem(["a", "b", "c"], 0, 1), ["b", "a", "c"]);
  assert.deepEqual(moveItem(["a", "b", "c"], 2, -1), ["a", "c", "b"]);
  assert.deepEqual(moveItem(["a", "b", "c"], 0, -1), ["a", "b", "c"]);
  assert.deepEqual(moveItem(["a", "b", "c"], 2, 1), ["a", "b", "c"]);
});

Deno.test("quiz draft - each rule of a question fails with its own code, a key of every locale", async (t) => {
  const en = JSON.parse(await Deno.readTextFile(new URL("../../locales/en.json", import.meta.url)));
  const good = QUESTIONS[0];
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["empty text", { text: "  " }, "questions.0.text", "quiz_text_required"],
    ["long text", { text: "x".repeat(501) }, "questions.0.text", "quiz_text_too_long"],
    ["bad image", { image_url: "not a url" }, "questions.0.image_url", "quiz_image_url_invalid"],
    [
      "one choice",
      { choices: [{ id: 1, label: "A" }], right_choice_ids: [1] },
      "questions.0.choices",
      "quiz_choices_count",
    ],
    [
      "empty choice",
      { choices: [{ id: 1, label: "A" }, { id: 2, label: " " }] },
      "questions.0.choices.1.label",
      "quiz_choice_label_required",
    ],
    [
      "long choice",
      { choices: [{ id: 1, label: "A" }, { id: 2, label: "x".repeat(201) }] },
      "questions.0.choices.1.label",
      "quiz_choice_label_too_long",
    ],
    [
      "same ids",
      { choices: [{ id: 2, label: "A" }, { id: 2, label: "B" }] },
      "questions.0.choices",
      "quiz_choice_duplicate",
    ],
    ["no right", { right_choice_ids: [] }, "questions.0.right_choice_ids", "quiz_right_required"],
    ["unknown right", { right_choice_ids: [9] }, "questions.0.right_choice_ids", "quiz_right_unknown"],
    ["short time", { time_limit_s: 4 }, "questions.0.time_limit_s", "quiz_time_limit_range"],
    ["no time", { time_limit_s: null }, "questions.0.time_limit_s", "quiz_time_limit_range"],
    ["long time", { time_limit_s: 601 }, "questions.0.time_limit_s", "quiz_time_limit_range"],
    ["negative points", { points: -1 }, "questions.0.points", "quiz_points_range"],
    ["half points", { points: 1.5 }, "questions.0.points", "quiz_points_range"],
  ];
  for (const [name, patch, path, code] of cases) {
    await t.step(name, () => {
      const r = quizQuestionsSchema.safeParse({ questions: [{ ...good, ...patch }] });
      assert.equal(r.success, false);
      const issue = r.error!.issues.find((i) => i.path.join(".") === path);
      assert.equal(issue?.message, code, `${name}: ${JSON.stringify(r.error!.issues)}`);
      assert.equal(typeof en.errors[code], "string", `errors.${code} in en.json`);
    });
  }
  await t.step("no question", () => {
    const r = quizQuestionsSchema.safeParse({ questions: [] });
    assert.equal(r.error?.issues[0].message, "quiz_questions_count");
    assert.equal(typeof en.errors.quiz_questions_count, "string");
  });
});
