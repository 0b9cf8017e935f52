import assert from "node:assert/strict";
import { quizStepForKey } from "../../lib/rules/overlay.ts";
import type { QuizPhase } from "../../lib/rules/quiz.ts";

const quiz = (...phases: QuizPhase[]) => phases.map((phase, i) => ({ id: 10 + i, phase }));

Deno.test("quiz keys - O opens the next question not played, only when none is open", () => {
  assert.deepEqual(quizStepForKey("o", quiz("revealed", "ready", "ready")), { questionId: 11, step: "open" });
  assert.deepEqual(quizStepForKey("O", quiz("ready")), { questionId: 10, step: "open" }, "either case");
  assert.equal(quizStepForKey("o", quiz("open", "ready")), null, "one question at a time");
  assert.equal(quizStepForKey("o", quiz("revealed", "revealed")), null, "all played");
});

Deno.test("quiz keys - C closes the open question now", () => {
  assert.deepEqual(quizStepForKey("c", quiz("revealed", "open", "ready")), { questionId: 11, step: "close" });
  assert.equal(quizStepForKey("c", quiz("closed", "ready")), null);
});

Deno.test("quiz keys - A reveals the last question closed, not while one is open", () => {
  assert.deepEqual(quizStepForKey("a", quiz("closed", "closed", "ready")), {
    questionId: 11,
    step: "reveal",
  });
  assert.equal(quizStepForKey("a", quiz("closed", "open")), null, "its countdown first");
  assert.equal(quizStepForKey("a", quiz("revealed", "ready")), null);
});

Deno.test("quiz keys - other keys ask nothing (1, 2, 3, R, Q, M switch the view)", () => {
  for (const key of ["1", "r", "q", "m", "x", "Enter"]) {
    assert.equal(quizStepForKey(key, quiz("ready")), null);
  }
});
