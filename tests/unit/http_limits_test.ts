import assert from "node:assert/strict";
import { bodyLimitFor, bodyTooSlow, pathMatches } from "../../lib/rules/http_limits.ts";
import {
  BODY_IDLE_MS,
  BODY_MAX_BYTES,
  BODY_MIN_BYTES_PER_SECOND,
  FORM_BODY_MAX_BYTES,
} from "../../lib/rules/constants.ts";

Deno.test("body limits - a route's declared limit, else a form's, else 1 MB", () => {
  assert.equal(bodyLimitFor("application/json", null), BODY_MAX_BYTES);
  assert.equal(bodyLimitFor(null, null), BODY_MAX_BYTES);
  assert.equal(bodyLimitFor("multipart/form-data; boundary=x", null), FORM_BODY_MAX_BYTES);
  assert.equal(bodyLimitFor("application/json", 5), 5);
});

Deno.test("body limits - path patterns: {name} and * are one segment, a final /* the rest", () => {
  assert.ok(pathMatches("/api/v1/app_users/{id}/avatar", "/api/v1/app_users/7/avatar"));
  assert.ok(!pathMatches("/api/v1/app_users/{id}/avatar", "/api/v1/app_users//avatar"));
  assert.ok(!pathMatches("/api/v1/app_users/{id}/avatar", "/api/v1/app_users/7/avatar/x"));
  assert.ok(pathMatches("/api/v1/files/*", "/api/v1/files"));
  assert.ok(pathMatches("/api/v1/files/*", "/api/v1/files/abc"));
  assert.ok(!pathMatches("/api/v1/files/*", "/api/v1/filesx"));
});

Deno.test("slow bodies - cut off after BODY_IDLE_MS without a byte, or under the rate after it", () => {
  const body = { startedAt: 0, lastByteAt: 0, bytes: 0 };
  assert.ok(!bodyTooSlow(body, BODY_IDLE_MS - 1));
  assert.ok(bodyTooSlow(body, BODY_IDLE_MS));
  const trickle = { startedAt: 0, lastByteAt: BODY_IDLE_MS + 1000, bytes: 10 };
  assert.ok(bodyTooSlow(trickle, BODY_IDLE_MS + 1000));
  const steady = { startedAt: 0, lastByteAt: 20_000, bytes: 20 * BODY_MIN_BYTES_PER_SECOND };
  assert.ok(!bodyTooSlow(steady, 20_000));
});
