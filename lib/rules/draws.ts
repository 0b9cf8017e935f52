// Winner draws: how many, among which tab, and the pick itself, made from a seed so
// that an audit draws the same winners again from the recorded candidates. Pure.

export const DRAW_TABS = ["all", "liked", "recorded"] as const;
export type DrawTab = typeof DRAW_TABS[number];
export const DRAW_MAX = 50;

/** A new seed: 128 random bits as 32 hex digits. */
export function newDrawSeed(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** sfc32, a small generator whose 128-bit state is the seed: the same seed gives the same numbers. */
function generator(seed: string): () => number {
  if (!/^[0-9a-f]{32}$/.test(seed)) throw new Error("a draw seed is 32 hex digits");
  let [a, b, c, d] = [0, 8, 16, 24].map((i) => parseInt(seed.slice(i, i + 8), 16) | 0);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next(); // mixes a seed with many zero bits
  return next;
}

/**
 * Up to `count` winners among `candidates` (ids in increasing order), in the order drawn: a partial
 * Fisher–Yates shuffle driven by the seed. The same candidates and seed always give the same winners.
 * @example drawWinners([3, 5, 8], 1, "0123456789abcdef0123456789abcdef") // one of 3, 5, 8, always the same
 */
export function drawWinners(candidates: readonly number[], count: number, seed: string): number[] {
  const pool = [...candidates];
  const random = generator(seed);
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}
