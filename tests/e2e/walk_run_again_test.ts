// In CI a browser walk that fails is run once more (tests/e2e/_browser.ts WALK_RUNS): a walk whose first run
// fails and whose second passes counts as passed, its first failure printed under WALK_RETRIED for .ci/run to
// name; one that fails twice fails; outside CI one failure fails. Tried on a real `deno test` of a small file.
import assert from "node:assert/strict";
import { hasChromium, WALK_RETRIED } from "./_browser.ts";

const CONFIG = new URL("../../deno.json", import.meta.url).pathname;
const BROWSER = new URL("./_browser.ts", import.meta.url).href;

/** A walk that fails its first `failures` runs, then passes. */
const walkFile = (failures: number) => `
import { browserTest } from ${JSON.stringify(BROWSER)};
let runs = 0;
browserTest("walk - fails ${failures} time(s)", async ({ page, baseUrl }) => {
  await page.goto(baseUrl + "/healthz");
  if (++runs <= ${failures}) throw new Error("run " + runs + " ran out of time");
});
`;

async function runWalk(failures: number, ci: boolean) {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/walk_test.ts`, walkFile(failures));
    const env: Record<string, string> = { NO_COLOR: "1", CI: ci ? "true" : "false" };
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["test", "-A", "--no-check", "--config", CONFIG, `${dir}/walk_test.ts`],
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "browser walks - CI runs a failed walk once more and says so; elsewhere one failure fails",
  // a browser walk runs in the embedded database's run only (browserTest's bothDatabases), so its retry too
  ignore: !hasChromium || Deno.env.has("DATABASE_URL"),
  async fn(t) {
    await t.step(
      "in CI, a walk failing once passes on its second run, its first failure printed",
      async () => {
        const log = await runWalk(1, true);
        assert.match(log, /ok \| 1 passed \| 0 failed/);
        assert.ok(log.includes(`${WALK_RETRIED}: walk - fails 1 time(s)`), "named for .ci/run");
        assert.ok(log.includes("run 1 ran out of time"), "with its first failure");
      },
    );
    await t.step("in CI, a walk failing twice fails", async () => {
      assert.match(await runWalk(2, true), /FAILED \| 0 passed \| 1 failed/);
    });
    await t.step("outside CI, a walk failing once fails", async () => {
      const log = await runWalk(1, false);
      assert.match(log, /FAILED \| 0 passed \| 1 failed/);
      assert.ok(!log.includes(WALK_RETRIED));
    });
  },
});
