// The Deno flags `deno task start` runs the server with (deno.json is their one source): a benchmark that
// measures the server's memory spawns it with the same ones, so it measures what production runs.

/** The flags between `deno run` and `scripts/start.ts` in deno.json's `start` task, e.g. `--v8-flags=…`. */
export function startTaskFlags(): string[] {
  const config = JSON.parse(Deno.readTextFileSync(new URL("../deno.json", import.meta.url)));
  const task: string = config.tasks.start;
  const run = /deno run ([^&]*?)\s*scripts\/start\.ts/.exec(task);
  if (!run) throw new Error(`deno.json's start task does not run scripts/start.ts: ${task}`);
  return run[1].split(/\s+/).filter((flag) => flag !== "" && flag !== "-A");
}
