// When a live quiz is over (every question played, none open), and what a text sent then reads back.
import assert from "node:assert/strict";
import { closesAt, quizOver } from "../../lib/rules/quiz.ts";
import { heldNotice, heldReason } from "../../lib/rules/line_held.ts";

const opened = new Date("2026-01-01T10:00:00Z");
const at = (s: number) => new Date(opened.getTime() + s * 1000);
const played = { opened_at: opened, closes_at: closesAt(opened, 20), revealed_at: null };
const revealed = { ...played, revealed_at: at(25) };
const ready = { opened_at: null, closes_at: null, revealed_at: null };

Deno.test("quiz over - every question opened and none open; final once all are revealed", () => {
  assert.deepEqual(quizOver([], at(30)), { over: false, final: false }, "no question: no quiz");
  assert.deepEqual(quizOver([revealed, ready], at(30)), { over: false, final: false }, "one still to play");
  assert.deepEqual(quizOver([revealed, played], at(19)), { over: false, final: false }, "the last is open");
  assert.deepEqual(
    quizOver([revealed, played], at(20)),
    { over: true, final: false },
    "closed, not revealed",
  );
  assert.deepEqual(quizOver([revealed, revealed], at(30)), { over: true, final: true });
});

Deno.test("quiz over - a text then is held under its own reason and reads the quiz is over", () => {
  const known = () => true;
  assert.equal(heldReason("quiz_over"), "quiz_over");
  assert.deepEqual(heldNotice("quiz_over", { code: "quiz_over", params: {} }, known), {
    key: "quiz.over",
    params: {},
  });
  assert.deepEqual(heldNotice("quiz_over", { code: "quiz_over", params: { rank: 3, score: 450 } }, known), {
    key: "quiz.over_score",
    params: { rank: 3, score: 450 },
  });
});

Deno.test("quiz over - its texts read in the five languages, the score and rank in each", async () => {
  for (const language of ["en", "fr", "pt", "es", "pl"]) {
    const quiz =
      JSON.parse(await Deno.readTextFile(new URL(`../../locales/${language}.json`, import.meta.url)))
        .quiz;
    assert.equal(typeof quiz.over, "string", language);
    assert.match(quiz.over_score, /\{\{score\}\}.*\{\{rank\}\}|\{\{rank\}\}.*\{\{score\}\}/, language);
  }
});
