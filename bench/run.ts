// `deno task bench`: runs every benchmark of this folder in turn (files not starting with `_`),
// prints their figures and writes them with the machine, date and command to bench/RESULTS.md.
const dir = new URL("./", import.meta.url).pathname;
const scripts = [...Deno.readDirSync(dir)]
  .map((e) => e.name)
  .filter((name) => name.endsWith(".ts") && !name.startsWith("_") && name !== "run.ts")
  .sort();

const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => ""))
  .match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
const sections = [
  "# Benchmark results",
  "",
  `- date: ${new Date().toISOString()}`,
  `- machine: ${Deno.build.os} ${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, ${cpu}`,
  `- runtime: Deno ${Deno.version.deno}`,
  `- command: \`deno task bench\`${Deno.env.get("DATABASE_URL") ? " with DATABASE_URL set" : ""}`,
  "",
];

let failed = 0;
for (const name of scripts) {
  console.log(`\n=== bench/${name}`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${dir}${name}`],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  console.log(text);
  if (!out.success) failed++;
  sections.push(`<!-- bench/${name} -->`, out.success ? text.trim() : `bench/${name} failed`, "");
}

await Deno.writeTextFile(`${dir}RESULTS.md`, sections.join("\n") + "\n");
console.log(`\nwritten to bench/RESULTS.md`);
if (failed) Deno.exit(1);
