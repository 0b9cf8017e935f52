import assert from "node:assert/strict";
import { every } from "../../lib/platform/jobs.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("every - runs on its timer, never two runs at once, logs failures, stop waits for a run", async () => {
  let running = 0, most = 0, runs = 0;
  const logged: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const task = every(5, "test task", async () => {
      runs++;
      most = Math.max(most, ++running);
      await sleep(30);
      running--;
      if (runs === 1) throw new Error("first run fails");
    });
    await sleep(120);
    await task.stop();
    assert.equal(running, 0, "stop waited for the run in progress");
    assert.equal(most, 1);
    assert.ok(runs >= 2, String(runs));
    const entry = JSON.parse(String((logged[0] as unknown[])[0]));
    assert.equal(entry.level, "error");
    assert.equal(entry.task, "test task");
    assert.equal(entry.error.message, "first run fails");
    const after = runs;
    await sleep(30);
    assert.equal(runs, after, "no run after stop");
  } finally {
    console.error = error;
  }
});
