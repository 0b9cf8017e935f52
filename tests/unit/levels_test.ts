import assert from "node:assert/strict";
import { levelOf } from "../../lib/rules/levels.ts";

Deno.test("levels - each threshold of §4 starts its level, one point less is the level below", async (t) => {
  const edges: [number, string][] = [
    [0, "BEGINNER"],
    [249, "BEGINNER"],
    [250, "AMATEUR"],
    [499, "AMATEUR"],
    [500, "REGULAR"],
    [749, "REGULAR"],
    [750, "CONFIRMED"],
    [999, "CONFIRMED"],
    [1000, "PRO"],
    [1499, "PRO"],
    [1500, "EXPERT"],
    [1999, "EXPERT"],
    [2000, "HERO"],
    [1_000_000, "HERO"],
  ];
  for (const [points, level] of edges) {
    await t.step(`${points} points is ${level}`, () => assert.equal(levelOf(points), level));
  }
  await t.step("a negative total (never stored) stays BEGINNER", () => assert.equal(levelOf(-5), "BEGINNER"));
});
