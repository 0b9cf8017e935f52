import assert from "node:assert/strict";
import { isReorderOf, moveInOrder, playoutFileName } from "../../lib/rules/playout.ts";
import { INBOX_SHORTCUTS, inboxCommand } from "../../lib/rules/inbox_keys.ts";

Deno.test("playout - a reorder holds the same ids once each", () => {
  assert.equal(isReorderOf([3, 1, 2], [1, 2, 3]), true);
  assert.equal(isReorderOf([], []), true);
  assert.equal(isReorderOf([1, 1, 2], [1, 2, 3]), false);
  assert.equal(isReorderOf([1, 2], [1, 2, 3]), false);
  assert.equal(isReorderOf([1, 2, 4], [1, 2, 3]), false);
});

Deno.test("playout - moving one id up or down, clamped at the ends", () => {
  assert.deepEqual(moveInOrder([1, 2, 3], 3, -1), [1, 3, 2]);
  assert.deepEqual(moveInOrder([1, 2, 3], 1, -1), [1, 2, 3]);
  assert.deepEqual(moveInOrder([1, 2, 3], 1, 1), [2, 1, 3]);
  assert.deepEqual(moveInOrder([1, 2, 3], 3, 5), [1, 2, 3]);
  assert.deepEqual(moveInOrder([1, 2, 3], 9, 1), [1, 2, 3]);
});

Deno.test("playout - the position leads the file name, padded to sort in air order", () => {
  assert.equal(playoutFileName(3, 12, "1_4_9.mp3"), "03_1_4_9.mp3");
  assert.equal(playoutFileName(7, 120, "x.wav"), "007_x.wav");
});

Deno.test("playout - t is the studio inbox's playout key, listed in the help, not while typing", () => {
  assert.equal(inboxCommand({ key: "t" }), "playout");
  assert.equal(inboxCommand({ key: "t", typing: true }), null);
  assert.equal(inboxCommand({ key: "t", ctrlKey: true }), null);
  assert.ok(INBOX_SHORTCUTS.some((s) => (s.keys as readonly string[]).includes("t")));
});
