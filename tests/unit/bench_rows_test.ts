import assert from "node:assert/strict";
import {
  type BenchRow,
  issue20Summary,
  ISSUE_20_TABLE,
  issueRowOf,
  meetsGoal,
  parseGoal,
  parseRows,
  rowLine,
} from "../../bench/_rows.ts";

Deno.test("bench rows - a ROW line printed by a bench reads back as the same row", () => {
  const line = rowLine("Vote results read at 1,000,000 votes, p99", "p99 4 ms\t(tab)\nnext", 4, "≤ 5 ms");
  assert.equal(line, "ROW\tVote results read at 1,000,000 votes, p99\tp99 4 ms (tab) next\t4\t≤ 5 ms");
  assert.deepEqual(parseRows(`## A table\n| a | b |\n${line}\nROW\tbroken\n`, "results.ts"), [
    {
      measure: "Vote results read at 1,000,000 votes, p99",
      figure: "p99 4 ms (tab) next",
      value: 4,
      goal: "≤ 5 ms",
      script: "results.ts",
    },
  ]);
});

Deno.test("bench rows - values: a number with thousands separators, or not measured", () => {
  const [a, b] = parseRows("ROW\tm\tf\t1,250\t≥ 1000\nROW\tm\tf\t\t≥ 1\n");
  assert.equal(a.value, 1250);
  assert.ok(Number.isNaN(b.value));
  assert.equal(meetsGoal(b), null);
});

Deno.test("bench rows - a goal's comparison decides met or not met", async (t) => {
  await t.step("parseGoal reads the leading comparison and number", () => {
    assert.deepEqual(parseGoal("≤ 5 ms"), { op: "≤", target: 5 });
    assert.deepEqual(parseGoal("≥ 0.25 of the ceiling"), { op: "≥", target: 0.25 });
    assert.deepEqual(parseGoal(">= 100"), { op: ">=", target: 100 });
    assert.deepEqual(parseGoal("= 100 each"), { op: "=", target: 100 });
    assert.deepEqual(parseGoal("≤ 15,360 bytes"), { op: "≤", target: 15360 });
    assert.equal(parseGoal("ceiling"), null);
  });
  await t.step("meetsGoal compares the value", () => {
    assert.equal(meetsGoal({ value: 5, goal: "≤ 5 ms" }), true);
    assert.equal(meetsGoal({ value: 5.1, goal: "≤ 5 ms" }), false);
    assert.equal(meetsGoal({ value: 0.25, goal: "≥ 0.25" }), true);
    assert.equal(meetsGoal({ value: 0.249, goal: "≥ 0.25" }), false);
    assert.equal(meetsGoal({ value: 99, goal: "= 100" }), false);
    assert.equal(meetsGoal({ value: 10, goal: "< 10" }), false);
    assert.equal(meetsGoal({ value: 11, goal: "> 10" }), true);
    assert.equal(meetsGoal({ value: 3, goal: "ceiling" }), null);
  });
});

Deno.test("bench rows - each measure finds its row of the performance goals' table", () => {
  const of = (measure: string) => ISSUE_20_TABLE[issueRowOf({ measure })]?.row ?? "none";
  assert.equal(of("Text compression of HTML, JSON, JS and CSS responses"), ISSUE_20_TABLE[0].row);
  assert.equal(of("Channel widget home, JavaScript before a participation (gzip)"), ISSUE_20_TABLE[1].row);
  assert.equal(of("Single-interaction widget req/s ÷ hello world"), ISSUE_20_TABLE[2].row);
  assert.equal(of("Static file req/s ÷ hello world"), ISSUE_20_TABLE[2].row);
  assert.equal(of("Accepted votes/s ÷ pgbench inserts/s"), ISSUE_20_TABLE[3].row);
  assert.equal(
    of("Lighthouse mobile, channel widget home (lowest of the four scores)"),
    ISSUE_20_TABLE[4].row,
  );
  assert.equal(of("Vote results read at 1,000,000 votes, p99"), ISSUE_20_TABLE[5].row);
  assert.equal(of("Inbox at 200,000 participations, worst p95, PostgreSQL"), ISSUE_20_TABLE[6].row);
  assert.equal(of("Bare Deno.serve hello world (ceiling)"), "none");
  assert.equal(of("pgbench one-row inserts/s, 50 clients"), "none");
});

Deno.test("bench rows - the summary shows every row of the performance goals, met, not met or not reported", () => {
  const rows: BenchRow[] = [
    { measure: "Vote results read at 1,000,000 votes, p99", figure: "p99 4 ms", value: 4, goal: "≤ 5 ms" },
    { measure: "Inbox worst p95, PGlite", figure: "25 ms", value: 25, goal: "≤ 20 ms" },
    { measure: "Bare Deno.serve hello world", figure: "40,000 req/s", value: 40000, goal: "ceiling" },
  ];
  const text = issue20Summary(rows);
  const lines = text.split("\n");
  assert.equal(lines[0], "## Issue 20");
  for (const entry of ISSUE_20_TABLE) assert.ok(text.includes(`| ${entry.row} |`), entry.row);
  assert.ok(
    lines.some((l) => l.startsWith("| Vote results read at 1,000,000 votes, p99 |") && l.endsWith("| met |")),
  );
  assert.ok(lines.some((l) => l.includes("Inbox worst p95, PGlite") && l.endsWith("| **not met** |")));
  assert.ok(
    lines.some((l) => l.includes("not reported by bench/lighthouse.ts") && l.includes("**not measured**")),
  );
  assert.ok(lines.some((l) => l.startsWith("| ceiling or reference | Bare Deno.serve hello world |")));
  assert.equal(lines.at(-1), "1 met, 1 not met, 5 row(s) of the issue not reported.");
});
