import assert from "node:assert/strict";
import { drawWinners, newDrawSeed } from "../../lib/rules/draws.ts";

const candidates = Array.from({ length: 40 }, (_, i) => 100 + i);

Deno.test("draws - the same seed and candidates give the same winners", () => {
  const seed = newDrawSeed();
  assert.match(seed, /^[0-9a-f]{32}$/);
  assert.deepEqual(drawWinners(candidates, 5, seed), drawWinners(candidates, 5, seed));
  assert.notDeepEqual(drawWinners(candidates, 5, seed), drawWinners(candidates, 5, newDrawSeed()));
});

Deno.test("draws - distinct winners among the candidates, at most as many as there are", () => {
  const winners = drawWinners(candidates, 10, newDrawSeed());
  assert.equal(new Set(winners).size, 10);
  for (const w of winners) assert.ok(candidates.includes(w));
  assert.equal(drawWinners([7, 9], 50, newDrawSeed()).length, 2);
  assert.deepEqual(drawWinners([], 3, newDrawSeed()), []);
  assert.throws(() => drawWinners(candidates, 1, "not-a-seed"));
});

Deno.test("draws - every candidate can win, about as often as the others", () => {
  const wins = new Map<number, number>();
  for (let i = 0; i < 4000; i++) {
    const [w] = drawWinners(candidates.slice(0, 4), 1, newDrawSeed());
    wins.set(w, (wins.get(w) ?? 0) + 1);
  }
  for (const c of candidates.slice(0, 4)) assert.ok((wins.get(c) ?? 0) > 800, `${c}: ${wins.get(c)}`);
});
