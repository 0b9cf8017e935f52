import assert from "node:assert/strict";
import { choiceLetter, voteResults } from "../../lib/rules/votes.ts";

Deno.test("voteResults - whole percentages that add up to 100, zero without votes", async (t) => {
  await t.step("thirds round by largest remainder", () => {
    const { rows, total } = voteResults([
      { id: 1, label: "A", count: 1 },
      { id: 2, label: "B", count: 1 },
      { id: 3, label: "C", count: 1 },
    ]);
    assert.equal(total, 3);
    assert.deepEqual(rows.map((r) => r.percentage), [34, 33, 33]);
    assert.deepEqual(rows.map((r) => r.index), [1, 2, 3]);
  });
  await t.step("uneven counts", () => {
    const { rows } = voteResults([
      { id: 1, label: "A", count: 1 },
      { id: 2, label: "B", count: 2 },
    ]);
    assert.deepEqual(rows.map((r) => r.percentage), [33, 67]);
  });
  await t.step("no vote gives 0 everywhere", () => {
    const { rows, total } = voteResults([{ id: 1, label: "A", count: 0 }, { id: 2, label: "B", count: 0 }]);
    assert.equal(total, 0);
    assert.deepEqual(rows.map((r) => r.percentage), [0, 0]);
  });
});

Deno.test("choiceLetter - A, B, … Z, then AA", () => {
  assert.equal(choiceLetter(0), "A");
  assert.equal(choiceLetter(1), "B");
  assert.equal(choiceLetter(25), "Z");
  assert.equal(choiceLetter(26), "AA");
});
