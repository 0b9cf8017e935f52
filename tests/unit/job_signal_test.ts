import assert from "node:assert/strict";
import { jobSignal } from "../../lib/platform/jobs.ts";

Deno.test("jobSignal - a stopping instance aborts its jobs' tools at once, a running one leaves them be", () => {
  const stopping = new AbortController();
  const signal = jobSignal(900, stopping.signal);
  const alone = jobSignal(900);
  assert.equal(signal.aborted, false);
  stopping.abort();
  assert.equal(signal.aborted, true, "the instance stops: ffmpeg is killed, not orphaned beside the retry");
  assert.equal(alone.aborted, false, "a job of no stopping instance runs until it expires");
});

Deno.test("jobSignal - a job's tools are stopped when the job expires", async () => {
  const signal = jobSignal(0.01, new AbortController().signal);
  await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
  assert.equal(signal.aborted, true);
});
