// Who won a vote and by how much, and whether that margin could be chance: pure.

/** A choice and its votes. */
export interface ChoiceCount {
  id: number;
  label: string;
  count: number;
}

/** The winner of a vote and its margin over the second. */
export interface VoteOutcome {
  /** Participations holding at least one choice (a voter of a multiple choice counts once). */
  voters: number;
  /** Choices by votes, most first (ties: the order of the choices). */
  ranked: (ChoiceCount & { share: number })[];
  winner: ChoiceCount & { share: number };
  /** The second choice, null when there is only one. */
  second: (ChoiceCount & { share: number }) | null;
  /** Winner's share minus the second's, in percentage points. */
  marginPoints: number;
  /** Winner's votes minus the second's. */
  marginVotes: number;
  /** True when the first two have as many votes. */
  tie: boolean;
  /** Half-width of the 95 % interval of the difference of the two shares, in points. */
  noisePoints: number;
  /** True when that interval holds 0: as many voters could well have given the other order. */
  withinNoise: boolean;
}

/** z of a two-sided 95 % interval. */
const Z95 = 1.96;

/**
 * The outcome of a vote. Shares are of the voters; the noise is the 95 % interval of the difference
 * of two shares of one multinomial sample: var(p1 − p2) = (p1 + p2 − (p1 − p2)²) / n.
 * Null when nobody voted.
 * @example voteOutcome([{id:1,label:"A",count:60},{id:2,label:"B",count:40}], 100).withinNoise // false
 */
export function voteOutcome(choices: ChoiceCount[], voters: number): VoteOutcome | null {
  if (voters <= 0 || choices.length === 0) return null;
  const ranked = choices
    .map((c, index) => ({ ...c, index, share: (100 * c.count) / voters }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .map(({ index: _index, ...c }) => c);
  const [winner, second = null] = ranked;
  if (winner.count === 0) return null;
  const p1 = winner.count / voters;
  const p2 = (second?.count ?? 0) / voters;
  const variance = Math.max(0, (p1 + p2 - (p1 - p2) ** 2) / voters);
  const noisePoints = 100 * Z95 * Math.sqrt(variance);
  const marginPoints = winner.share - (second?.share ?? 0);
  return {
    voters,
    ranked,
    winner,
    second,
    marginPoints,
    marginVotes: winner.count - (second?.count ?? 0),
    tie: second !== null && second.count === winner.count,
    noisePoints,
    withinNoise: marginPoints <= noisePoints,
  };
}
