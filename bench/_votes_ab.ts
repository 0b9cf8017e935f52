// A/B of the vote benchmark between checkouts (another commit in a git worktree, e.g. before a change): each
// round runs bench/votes.ts of this checkout once per app, in alternating order (A B, then B A...), each with
// its own PostgreSQL and its own pgbench ceiling, and reads their ROW lines. Prints every round's ratios and
// CPU per vote, then the mean change of each app against the first. Not part of `deno task bench` (it
// needs the checkouts): deno run -A bench/_votes_ab.ts <checkout A> <checkout B> [...] [--rounds=3]
// [--seconds=8]
const args = Deno.args.filter((a) => !a.startsWith("--"));
const option = (name: string, fallback: number) =>
  Number(Deno.args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ROUNDS = option("rounds", 3);
const SECONDS = option("seconds", 8);
if (args.length < 2) {
  console.error("usage: deno run -A bench/_votes_ab.ts <checkout A> <checkout B> [--rounds=3] [--seconds=8]");
  Deno.exit(2);
}

interface Measure {
  app: string;
  round: number;
  row: string;
  ratio: number;
  votesPerSecond: number;
  appCpu: number;
  dbCpu: number;
  exact: boolean;
  load: string;
}

const bench = new URL("./votes.ts", import.meta.url).pathname;
const measures: Measure[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const order = round % 2 ? args : [...args].reverse();
  for (const app of order) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", bench, String(SECONDS)],
      env: { VOTES_APP_ROOT: app, VOTES_INSTANCES: "1" },
      stdout: "piped",
      stderr: "inherit",
    }).output();
    for (const line of new TextDecoder().decode(out.stdout).split("\n")) {
      const [tag, measure, figure, ratio] = line.split("\t");
      if (tag !== "ROW") continue;
      const cpu = /app ([\d.]+) \+ PostgreSQL ([\d.]+) CPU/.exec(figure);
      measures.push({
        app,
        round,
        row: measure.split(", ").at(-1)!,
        ratio: Number(ratio),
        votesPerSecond: Number(figure.split(" ÷ ")[0].replaceAll(",", "")),
        appCpu: Number(cpu?.[1]),
        dbCpu: Number(cpu?.[2]),
        exact: figure.includes(", exact,") && figure.includes(" 0 lost"),
        load: /load ([\d.]+)/.exec(figure)?.[1] ?? "?",
      });
    }
  }
}

console.log(`## Votes A/B (${ROUNDS} rounds of ${SECONDS} s, order alternating)\n`);
console.log(
  "| round | app | vote | accepted/s | ÷ ceiling | app CPU ms/vote | db CPU ms/vote | exact | load |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const m of measures) {
  console.log(
    `| ${m.round} | ${m.app} | ${m.row} | ${m.votesPerSecond} | ${m.ratio} | ${m.appCpu} | ${m.dbCpu} | ` +
      `${m.exact ? "yes" : "NO"} | ${m.load} |`,
  );
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
console.log("\n| app | vote | mean accepted/s | mean ÷ ceiling | vs first app (accepted/s, ratio) |");
console.log("| --- | --- | --- | --- | --- |");
for (const row of [...new Set(measures.map((m) => m.row))]) {
  const of = (app: string) => measures.filter((m) => m.app === app && m.row === row);
  const base = of(args[0]);
  for (const app of args) {
    const own = of(app);
    const change = (pick: (m: Measure) => number) =>
      `${((mean(own.map(pick)) / mean(base.map(pick)) - 1) * 100).toFixed(1)} %`;
    console.log(
      `| ${app} | ${row} | ${mean(own.map((m) => m.votesPerSecond)).toFixed(0)} | ` +
        `${mean(own.map((m) => m.ratio)).toFixed(3)} | ${change((m) => m.votesPerSecond)}, ` +
        `${change((m) => m.ratio)} |`,
    );
  }
}
