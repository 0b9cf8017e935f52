import assert from "node:assert/strict";
import { secondsLeft, windowStart } from "../../lib/platform/rate_limit.ts";

Deno.test("rate limit windows - fixed windows aligned on their length", () => {
  const now = new Date("2026-01-01T10:00:42Z");
  assert.equal(windowStart(now, 60).toISOString(), "2026-01-01T10:00:00.000Z");
  assert.equal(secondsLeft(now, 60), 18);
  assert.equal(windowStart(now, 900).toISOString(), "2026-01-01T10:00:00.000Z");
  assert.equal(secondsLeft(new Date("2026-01-01T10:00:59.999Z"), 60), 1);
});
