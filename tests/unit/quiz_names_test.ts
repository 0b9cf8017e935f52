// Widget players who chose the same name are told apart on air, as phone players of one city are.
import assert from "node:assert/strict";
import { distinctNames, leaderboard } from "../../lib/rules/quiz.ts";

const names = (
  ...pseudonyms: string[]
) => [...distinctNames(pseudonyms.map((pseudonym, i) => ({ player: `d${i}`, pseudonym }))).values()];

Deno.test("quiz names - the same name is numbered in the order players first answered", () => {
  assert.deepEqual(names("Marie", "Zoé", "Marie", "Marie"), ["Marie", "Zoé", "Marie 2", "Marie 3"]);
  assert.deepEqual(names("Ann", "Bob"), ["Ann", "Bob"], "different names stay as chosen");
});

Deno.test("quiz names - names that look alike on air count as the same", () => {
  assert.deepEqual(names("Marie", "marie", "MARIE", "Ｍａｒｉｅ", "Ma  rie"), [
    "Marie",
    "marie 2",
    "MARIE 3",
    "Ｍａｒｉｅ 4",
    "Ma  rie",
  ]);
});

Deno.test("quiz names - a number another player chose or was given is skipped", () => {
  // "Marie 2" chose its name: the second Marie becomes "Marie 3", and "Marie 2" keeps its own
  assert.deepEqual(names("Marie", "Marie", "Marie 2"), ["Marie", "Marie 3", "Marie 2"]);
  // a phone player already numbered "Listener · Lyon 2" keeps it; a widget player taking that name is numbered
  assert.deepEqual(names("Listener · Lyon", "Listener · Lyon 2", "Listener · Lyon 2"), [
    "Listener · Lyon",
    "Listener · Lyon 2",
    "Listener · Lyon 2 2",
  ]);
  const french = distinctNames(
    [{ player: "a", pseudonym: "Léa" }, { player: "b", pseudonym: "Léa" }],
    (name, n) => `${name} (${n})`,
  );
  assert.equal(french.get("b"), "Léa (2)", "the channel's way of numbering is used when given");
});

Deno.test("quiz leaderboard - shows the numbered names, by first answer, whatever the ranks", () => {
  const board = leaderboard([
    { player: "d1", pseudonym: "Marie", points: 100, elapsed_ms: 5000, correct: true },
    { player: "d2", pseudonym: "Marie", points: 150, elapsed_ms: 1000, correct: true },
    { player: "d1", pseudonym: "Marie", points: 0, elapsed_ms: 2000, correct: false },
  ]);
  assert.deepEqual(board.map((s) => [s.rank, s.player, s.pseudonym]), [
    [1, "d2", "Marie 2"],
    [2, "d1", "Marie"],
  ]);
});
