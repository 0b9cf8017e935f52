// Vote results (visitor-widget §3 "Vote result row", back-office §3 "Vote result"): pure.

/** A choice of a segment, in its display order. */
export interface ChoiceCount {
  id: number;
  label: string;
  count: number;
}

/** A result row: 1-based index, label, count, and a whole percentage. */
export interface VoteResultRow {
  id: number;
  index: number;
  label: string;
  count: number;
  percentage: number;
}

/**
 * Result rows of the choices in order, with whole percentages that add up to exactly 100 when
 * any vote exists (largest remainder), and 0 everywhere when none does.
 * @example voteResults([{id:1,label:"A",count:1},{id:2,label:"B",count:2}]) // 33 %, 67 %
 */
export function voteResults(choices: ChoiceCount[]): { rows: VoteResultRow[]; total: number } {
  const total = choices.reduce((sum, c) => sum + c.count, 0);
  const exact = choices.map((c) => (total === 0 ? 0 : (c.count * 100) / total));
  const floors = exact.map(Math.floor);
  let left = total === 0 ? 0 : 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - floors[i] }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return {
    total,
    rows: choices.map((c, i) => ({
      id: c.id,
      index: i + 1,
      label: c.label,
      count: c.count,
      percentage: floors[i],
    })),
  };
}

/** The letter of a choice by its 0-based position (back-office §3: lettered A, B, …; AA after Z). */
export function choiceLetter(position: number): string {
  let n = position;
  let letters = "";
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}
