import assert from "node:assert/strict";
import { mediaJobConcurrency, mediaJobPriority } from "../../lib/rules/media_jobs.ts";
import { MEDIA_JOB_CONCURRENCY_MAX, MEDIA_JOB_PRIORITY_AIR } from "../../lib/rules/constants.ts";
import { loadConfig } from "../../lib/platform/config.ts";

Deno.test("media jobs - one per CPU unless configured, at least one, at most the cap", () => {
  assert.equal(mediaJobConcurrency(undefined, 2), 2);
  assert.equal(mediaJobConcurrency(undefined, 1), 1);
  assert.equal(mediaJobConcurrency(undefined, 0), 1);
  assert.equal(mediaJobConcurrency(undefined, 64), MEDIA_JOB_CONCURRENCY_MAX);
  assert.equal(mediaJobConcurrency(3, 2), 3);
  assert.equal(loadConfig({ MEDIA_JOB_CONCURRENCY: "4" }).MEDIA_JOB_CONCURRENCY, 4);
  assert.equal(loadConfig({}).MEDIA_JOB_CONCURRENCY, undefined);
  assert.throws(() => loadConfig({ MEDIA_JOB_CONCURRENCY: "0" }), /MEDIA_JOB_CONCURRENCY/);
});

Deno.test("media jobs - a voice the studio gets without a click goes first", () => {
  const accepted = {
    deliveryOption: "ftpclassic",
    deliveryTrigger: "accepted",
    moderation: "none",
    markedForAir: false,
  };
  assert.equal(mediaJobPriority(accepted), MEDIA_JOB_PRIORITY_AIR);
  assert.equal(
    mediaJobPriority({ ...accepted, deliveryOption: "netia", moderation: "approved" }),
    MEDIA_JOB_PRIORITY_AIR,
  );
  // no automatic delivery, a message awaiting moderation, or one not marked on an "air" trigger: in turn
  assert.equal(mediaJobPriority({ ...accepted, deliveryOption: "none" }), 0);
  assert.equal(mediaJobPriority({ ...accepted, deliveryOption: null }), 0);
  assert.equal(mediaJobPriority({ ...accepted, moderation: "pending" }), 0);
  assert.equal(mediaJobPriority({ ...accepted, moderation: "rejected" }), 0);
  assert.equal(mediaJobPriority({ ...accepted, deliveryTrigger: "air" }), 0);
  assert.equal(
    mediaJobPriority({ ...accepted, deliveryTrigger: "air", markedForAir: true }),
    MEDIA_JOB_PRIORITY_AIR,
  );
});
