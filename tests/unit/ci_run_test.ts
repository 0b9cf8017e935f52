import assert from "node:assert/strict";
import { WALK_RETRIED } from "../e2e/_browser.ts";

// CI's last line gives the counts; a log is often read from its end only, so the names of the failed tests,
// and of the browser walks that failed once and were run again, are printed just above it. All are read from
// a real `deno test` output of a file with a test that passes, one that fails, a step that fails and a walk
// that says it was run again.
const CI_RUN = new URL("../../.ci/run", import.meta.url).pathname;

const SAMPLE = `Deno.test("walk - one passes", () => {});
Deno.test("walk - one fails", () => { throw new Error("on purpose"); });
Deno.test("steps", async (t) => { await t.step("inner fails", () => { throw new Error("on purpose"); }); });
Deno.test("walk - run again", () => { console.error(\`\${WALK_RETRIED}: walk - run again\\nError: slow\`); });
`;

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const out = await new Deno.Command(cmd, { args, cwd, env, stdout: "piped", stderr: "piped" }).output();
  return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
}

Deno.test("CI - the failed tests are named, and counted on the last line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/sample_test.ts`,
      `const WALK_RETRIED = ${JSON.stringify(WALK_RETRIED)};\n${SAMPLE}`,
    );
    const log = await run(Deno.execPath(), ["test", "--no-check", "sample_test.ts"], dir, { NO_COLOR: "1" });
    await Deno.writeTextFile(`${dir}/test.log`, log);
    const read = (fn: string) => run("bash", ["-c", `source "${CI_RUN}"; ${fn} "${dir}/test.log"`], dir);
    assert.deepEqual((await read("failed_tests")).trim().split("\n"), [
      "walk - one fails => ./sample_test.ts:3:6",
      "steps ... inner fails => ./sample_test.ts:4:43",
    ]);
    assert.equal((await read("parse_summary")).trim(), "2 2");
    assert.equal(
      (await read("walks_run_again")).trim(),
      "walk - run again",
      "the walks' own marker is found",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
