// The live quiz's pure rules: phases from the server's times, points with the speed bonus, the leaderboard's
// order (score, then total answer time), the bars at reveal and the pseudonym shown on air.
import assert from "node:assert/strict";
import {
  answerBars,
  answerPoints,
  closesAt,
  elapsedMs,
  isRightAnswer,
  leaderboard,
  QUIZ_SPEED_BONUS_SHARE,
  quizPhase,
  quizPlayer,
  quizPseudonym,
  quizQuestionSchema,
  remainingMs,
} from "../../lib/rules/quiz.ts";

const opened = new Date("2026-01-01T10:00:00Z");
const at = (ms: number) => new Date(opened.getTime() + ms);
const clock = { opened_at: opened, closes_at: closesAt(opened, 20), revealed_at: null };

Deno.test("quiz phase - ready, open until the close, closed at zero, revealed", () => {
  assert.equal(quizPhase({ opened_at: null, closes_at: null, revealed_at: null }, opened), "ready");
  assert.equal(quizPhase(clock, at(19_999)), "open");
  assert.equal(quizPhase(clock, at(20_000)), "closed");
  assert.equal(quizPhase({ ...clock, revealed_at: at(25_000) }, at(25_000)), "revealed");
});

Deno.test("quiz remaining time - counted from the server's close, zero once closed", () => {
  assert.equal(remainingMs(clock, at(0)), 20_000);
  assert.equal(remainingMs(clock, at(12_500)), 7_500);
  assert.equal(remainingMs(clock, at(20_000)), 0);
  assert.equal(remainingMs(clock, at(90_000)), 0);
});

Deno.test("quiz points - right answer plus a speed bonus falling to none at the close; wrong is zero", () => {
  assert.equal(QUIZ_SPEED_BONUS_SHARE, 0.5);
  assert.equal(answerPoints({ correct: true, points: 100, elapsedMs: 0, timeLimitS: 20 }), 150);
  assert.equal(answerPoints({ correct: true, points: 100, elapsedMs: 10_000, timeLimitS: 20 }), 125);
  assert.equal(answerPoints({ correct: true, points: 100, elapsedMs: 20_000, timeLimitS: 20 }), 100);
  assert.equal(answerPoints({ correct: true, points: 100, elapsedMs: 60_000, timeLimitS: 20 }), 100);
  assert.equal(answerPoints({ correct: false, points: 100, elapsedMs: 0, timeLimitS: 20 }), 0);
});

Deno.test("quiz elapsed time - received minus opened on the server, never negative", () => {
  assert.equal(elapsedMs(opened, at(3_250)), 3_250);
  assert.equal(elapsedMs(opened.toISOString(), at(-10)), 0);
});

Deno.test("quiz right answer - exactly the right choices, in any order", () => {
  assert.ok(isRightAnswer([2], [2]));
  assert.ok(isRightAnswer([3, 1], [1, 3]));
  assert.ok(!isRightAnswer([1], [1, 3]));
  assert.ok(!isRightAnswer([1, 2, 3], [1, 3]));
  assert.ok(!isRightAnswer([1, 1], [1, 3]));
});

Deno.test("quiz leaderboard - score first, ties broken by total answer time, then by first answer", () => {
  const board = leaderboard([
    { player: "da", pseudonym: "Ann", points: 150, elapsed_ms: 4000, correct: true },
    { player: "db", pseudonym: "Bob", points: 150, elapsed_ms: 3000, correct: true },
    { player: "dc", pseudonym: "Cy", points: 0, elapsed_ms: 1000, correct: false },
    { player: "dc", pseudonym: "Cy", points: 200, elapsed_ms: 1000, correct: true },
    { player: "dd", pseudonym: "Di", points: 150, elapsed_ms: 3000, correct: true },
  ]);
  assert.deepEqual(board.map((s) => [s.rank, s.pseudonym, s.score, s.right, s.total_ms]), [
    [1, "Cy", 200, 1, 2000],
    [2, "Bob", 150, 1, 3000],
    [3, "Di", 150, 1, 3000],
    [4, "Ann", 150, 1, 4000],
  ]);
  // a player key never orders a tie: a forgotten number's new random key leaves its place as it was
  const tie = leaderboard([
    { player: "fz", pseudonym: "Listener · Lyon", points: 150, elapsed_ms: 3000, correct: true },
    { player: "fa", pseudonym: "Listener · Brest", points: 150, elapsed_ms: 3000, correct: true },
  ]);
  assert.deepEqual(tie.map((s) => s.pseudonym), ["Listener · Lyon", "Listener · Brest"]);
});

Deno.test("quiz answer bars - counts, whole percents, right choices marked", () => {
  const bars = answerBars(
    [{ id: 1, label: "A" }, { id: 2, label: "B" }, { id: 3, label: "C" }],
    new Map([[1, 1], [2, 3]]),
    [2],
  );
  assert.deepEqual(bars, [
    { id: 1, label: "A", count: 1, percent: 25, right: false },
    { id: 2, label: "B", count: 3, percent: 75, right: true },
    { id: 3, label: "C", count: 0, percent: 0, right: false },
  ]);
  assert.equal(answerBars([{ id: 1, label: "A" }], new Map(), [1])[0].percent, 0);
});

Deno.test("quiz player and pseudonym - signed-in first, device else; a made-up name never personal", () => {
  assert.equal(quizPlayer(7, "d1.x.y"), "u7");
  assert.equal(quizPlayer(null, "d1.x.y"), "dd1.x.y");
  assert.equal(quizPlayer(null, null), null);
  assert.equal(quizPseudonym("  Zoé\u0007 ", "dx"), "Zoé");
  assert.equal(quizPseudonym("x".repeat(40), "dx").length, 24);
  assert.match(quizPseudonym("", "dd1.abc"), /^Player [0-9A-F]{4}$/);
  assert.equal(quizPseudonym(null, "dd1.abc"), quizPseudonym(undefined, "dd1.abc"));
  assert.match(quizPseudonym(null, "u3", "Joueur"), /^Joueur /);
});

Deno.test("quiz question schema - the right choices must be among the choices, ids unique", () => {
  const base = {
    text: "Capital of Peru?",
    choices: [{ id: 1, label: "Lima" }, { id: 2, label: "Cusco" }],
    right_choice_ids: [1],
    time_limit_s: 20,
    points: 100,
  };
  assert.ok(quizQuestionSchema.safeParse(base).success);
  assert.ok(!quizQuestionSchema.safeParse({ ...base, right_choice_ids: [3] }).success);
  assert.ok(!quizQuestionSchema.safeParse({ ...base, choices: [base.choices[0], base.choices[0]] }).success);
  assert.ok(!quizQuestionSchema.safeParse({ ...base, time_limit_s: 2 }).success);
  assert.ok(!quizQuestionSchema.safeParse({ ...base, choices: [base.choices[0]] }).success);
});
