// `deno task bench`: runs every benchmark of this folder in turn (files not starting with `_`),
// prints their figures and writes them with the machine, date and command to bench/RESULTS.md, headed by
// the summary of the speed goals' table made from the ROW lines the benches print (bench/_rows.ts), each row
// with its ratio to a ceiling measured in the same run and whether it meets its goal.
//   deno task bench              every bench
//   deno task bench quick        the benches of the speed goals' table and their ceilings, in shorter runs
//   deno task bench results inbox   only these (names without .ts)
import { type BenchRow, parseRows, SPEED_GOALS, speedGoalsSummary } from "./_rows.ts";
import { loadAverage } from "./_hello.ts";

const dir = new URL("./", import.meta.url).pathname;
const quick = Deno.args.includes("quick");
const named = Deno.args.filter((a) => a !== "quick").map((a) => a.replace(/\.ts$/, "") + ".ts");
/** The scripts of the speed goals' table and the pgbench ceiling: what `quick` runs. */
const SPEED_GOAL_SCRIPTS = new Set([...SPEED_GOALS.map((r) => r.script), "db_ceiling.ts"]);
/** Shorter runs of the benches that take their seconds as an argument rather than from BENCH_QUICK. */
const QUICK_ARGS: Record<string, string[]> = { "pages.ts": ["3"], "votes.ts": ["5"] };
const scripts = [...Deno.readDirSync(dir)]
  .map((e) => e.name)
  .filter((name) => name.endsWith(".ts") && !name.startsWith("_") && name !== "run.ts")
  .filter((name) => named.length ? named.includes(name) : !quick || SPEED_GOAL_SCRIPTS.has(name))
  .sort();

const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => ""))
  .match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
const loadAtStart = loadAverage();
const header = [
  "# Benchmark results",
  "",
  `- date: ${new Date().toISOString()}`,
  `- machine: ${Deno.build.os} ${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, ${cpu}`,
  `- runtime: Deno ${Deno.version.deno}`,
  `- command: \`deno task bench${Deno.args.length ? " " + Deno.args.join(" ") : ""}\`${
    Deno.env.get("DATABASE_URL") ? " with DATABASE_URL set" : ""
  }`,
];
const sections: string[] = [];
const rows: BenchRow[] = [];

let failed = 0;
for (const name of scripts) {
  console.log(`\n=== bench/${name}`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${dir}${name}`, ...(quick ? QUICK_ARGS[name] ?? [] : [])],
    env: quick ? { BENCH_QUICK: "1" } : {},
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  console.log(text);
  if (!out.success) failed++;
  rows.push(...parseRows(text, name));
  // the ROW lines are for this script: the file keeps the benches' own tables
  const tables = text.split("\n").filter((line) => !line.startsWith("ROW\t")).join("\n").trim();
  sections.push(`<!-- bench/${name} -->`, out.success ? tables : `bench/${name} failed`, "");
}

const summary = speedGoalsSummary(rows);
console.log(`\n${summary}`);
header.push(`- load average (1 min): ${loadAtStart} at the start, ${loadAverage()} at the end`, "");
await Deno.writeTextFile(
  `${dir}RESULTS.md`,
  [...header, summary, "", ...sections].join("\n") + "\n",
);
console.log(`\nwritten to bench/RESULTS.md`);
if (failed) Deno.exit(1);
