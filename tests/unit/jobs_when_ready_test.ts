import assert from "node:assert/strict";
import type PgBoss from "pg-boss";
import { bossWhenReady } from "../../lib/platform/jobs.ts";

// The job queue of a web server while it starts (app/boot.ts): a job sent before pg-boss is ready waits for it
// and is then sent on the started queue, with its arguments; a failed start fails the calls instead.
Deno.test("job queue while it starts - a call waits for the started queue and is made on it", async () => {
  const calls: unknown[][] = [];
  let started!: (boss: PgBoss) => void;
  const ready = new Promise<PgBoss>((resolve) => started = resolve);
  const boss = bossWhenReady(ready);
  const sent = boss.send("media", { id: "a" });
  assert.equal(calls.length, 0); // nothing is sent before the queue has started
  const queue = {
    send(...args: unknown[]) {
      calls.push(args);
      return Promise.resolve(`job-${calls.length}`);
    },
  };
  started(queue as unknown as PgBoss);
  assert.equal(await sent, "job-1");
  assert.deepEqual(calls, [["media", { id: "a" }]]);
  // awaiting the queue itself does not hang on a thenable that never settles
  assert.equal(await Promise.resolve(boss), boss);
});

Deno.test("job queue while it starts - a queue that failed to start fails the calls", async () => {
  const ready = Promise.reject(new Error("database gone"));
  ready.catch(() => {}); // boot logs it
  await assert.rejects(() => bossWhenReady(ready).send("media", {}), /database gone/);
});
