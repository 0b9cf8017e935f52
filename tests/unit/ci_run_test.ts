import assert from "node:assert/strict";

// CI's last line gives the counts; a log is often read from its end only, so the names of the failed tests
// are printed just above it. Both are read from a real `deno test` output of a file with one test that
// passes, one that fails and one step that fails.
const CI_RUN = new URL("../../.ci/run", import.meta.url).pathname;

const SAMPLE = `Deno.test("walk - one passes", () => {});
Deno.test("walk - one fails", () => { throw new Error("on purpose"); });
Deno.test("steps", async (t) => { await t.step("inner fails", () => { throw new Error("on purpose"); }); });
`;

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const out = await new Deno.Command(cmd, { args, cwd, env, stdout: "piped", stderr: "piped" }).output();
  return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
}

Deno.test("CI - the failed tests are named, and counted on the last line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/sample_test.ts`, SAMPLE);
    const log = await run(Deno.execPath(), ["test", "--no-check", "sample_test.ts"], dir, { NO_COLOR: "1" });
    await Deno.writeTextFile(`${dir}/test.log`, log);
    const read = (fn: string) => run("bash", ["-c", `source "${CI_RUN}"; ${fn} "${dir}/test.log"`], dir);
    assert.deepEqual((await read("failed_tests")).trim().split("\n"), [
      "walk - one fails => ./sample_test.ts:2:6",
      "steps ... inner fails => ./sample_test.ts:3:43",
    ]);
    assert.equal((await read("parse_summary")).trim(), "1 2");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
