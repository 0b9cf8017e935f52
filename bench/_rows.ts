// The machine-readable lines a bench prints for each row of the speed goals' table (what a listener on a
// phone and a station on one server feel: page weight, pages and votes per second against a ceiling measured
// in the same run, results and inbox latency), and the summary that `deno task bench` (bench/run.ts)
// makes of them. A line is
//   ROW<TAB><measure><TAB><figure text><TAB><ratio or value><TAB><goal text>
// on stdout; the goal text starts with a comparison to a number ("≥ 0.25", "≤ 5 ms", "= 100"), which
// decides whether the value meets it.

export interface BenchRow {
  measure: string;
  figure: string;
  /** The ratio or value the goal is about; NaN when the bench could not measure it. */
  value: number;
  goal: string;
  /** The bench script that printed it (bench/run.ts fills it in). */
  script?: string;
}

/** The ROW line of one measure (tabs and line breaks in the texts become spaces). */
export function rowLine(measure: string, figure: string, value: number, goal: string): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, " ").trim();
  return ["ROW", clean(measure), clean(figure), String(value), clean(goal)].join("\t");
}

/** Every well-formed ROW line of a bench's stdout, in order; other lines are ignored. */
export function parseRows(stdout: string, script?: string): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    if (!line.startsWith("ROW\t")) continue;
    const [, measure, figure, value, goal] = line.split("\t");
    if (!measure || figure === undefined || value === undefined || goal === undefined) continue;
    const number = value.trim() === "" ? NaN : Number(value.trim().replace(/,/g, ""));
    rows.push({ measure, figure, value: number, goal, ...(script ? { script } : {}) });
  }
  return rows;
}

const COMPARISONS: Record<string, (value: number, target: number) => boolean> = {
  "≤": (v, t) => v <= t,
  "<=": (v, t) => v <= t,
  "<": (v, t) => v < t,
  "≥": (v, t) => v >= t,
  ">=": (v, t) => v >= t,
  ">": (v, t) => v > t,
  "=": (v, t) => v === t,
};

/** The comparison a goal text starts with ("≤ 5 ms" → ≤ 5), or null when it has none. */
export function parseGoal(goal: string): { op: string; target: number } | null {
  const m = goal.trim().match(/^(≤|≥|<=|>=|<|>|=)\s*(-?[\d,]*\.?\d+)/);
  if (!m) return null;
  return { op: m[1], target: Number(m[2].replace(/,/g, "")) };
}

/** Whether a row meets its goal; null when it was not measured or its goal has no comparison. */
export function meetsGoal(row: Pick<BenchRow, "value" | "goal">): boolean | null {
  const goal = parseGoal(row.goal);
  if (!goal || !Number.isFinite(row.value)) return null;
  return COMPARISONS[goal.op](row.value, goal.target);
}

/** The rows of the speed goals' table, in its order, and how to recognise the ROW lines that belong to each. */
export const SPEED_GOALS: { row: string; match: RegExp; script: string }[] = [
  { row: "Text compression (HTML, JSON, JS, CSS)", match: /compress/i, script: "widget.ts" },
  { row: "JavaScript before a participation (gzip)", match: /javascript|\bJS\b/i, script: "widget.ts" },
  {
    row: "Widget pages and a static file ÷ bare Deno.serve hello world",
    match: /(widget|static file|channel home).*(÷|ratio|hello)|(÷|ratio).*(widget|static file)/i,
    script: "pages.ts",
  },
  {
    row: "Accepted votes/s ÷ pgbench one-row inserts/s",
    match: /votes?\b.*(÷|pgbench)/i,
    script: "votes.ts",
  },
  { row: "Lighthouse mobile on public pages", match: /lighthouse/i, script: "lighthouse.ts" },
  { row: "Vote results read at 1,000,000 votes, p99", match: /vote results/i, script: "results.ts" },
  { row: "Inbox at 200,000 participations, worst p95", match: /inbox/i, script: "inbox.ts" },
];

/** Which row of the speed goals' table a ROW line belongs to (its index), or -1 (a ceiling, another figure). */
export function speedGoalOf(row: Pick<BenchRow, "measure">): number {
  // the narrowest names first: "vote results" before votes, Lighthouse before the widget pages
  for (const i of [4, 5, 6, 3, 0, 1, 2]) if (SPEED_GOALS[i].match.test(row.measure)) return i;
  return -1;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");
const verdict = (met: boolean | null) => met === null ? "–" : met ? "met" : "**not met**";
const number = (value: number) => Number.isFinite(value) ? String(value) : "not measured";

/**
 * The "Speed goals" summary as Markdown: every row of the goals' table with the ROW lines that belong to
 * it (or "not reported" and the bench expected to report it), then the other ROW lines (the ceilings).
 */
export function speedGoalsSummary(rows: BenchRow[]): string {
  const lines = [
    "## Speed goals",
    "",
    "| Goal | Measure | Figure | Ratio or value | Goal | |",
    "| --- | --- | --- | ---: | --- | --- |",
  ];
  const line = (goalRow: string, r: BenchRow) =>
    `| ${cell(goalRow)} | ${cell(r.measure)} | ${cell(r.figure)} | ${number(r.value)} | ${cell(r.goal)} | ${
      verdict(meetsGoal(r))
    } |`;
  SPEED_GOALS.forEach((entry, i) => {
    const own = rows.filter((r) => speedGoalOf(r) === i);
    if (own.length === 0) {
      lines.push(`| ${cell(entry.row)} | not reported by bench/${entry.script} | | | | **not measured** |`);
    }
    for (const r of own) lines.push(line(entry.row, r));
  });
  const others = rows.filter((r) => speedGoalOf(r) === -1);
  for (const r of others) lines.push(line("ceiling or reference", r));
  const verdicts = rows.filter((r) => speedGoalOf(r) >= 0).map(meetsGoal);
  const missing = SPEED_GOALS.filter((_, i) => !rows.some((r) => speedGoalOf(r) === i)).length;
  lines.push(
    "",
    `${verdicts.filter((v) => v === true).length} met, ${
      verdicts.filter((v) => v === false).length
    } not met, ${missing} row(s) of the goals not reported.`,
  );
  return lines.join("\n");
}
