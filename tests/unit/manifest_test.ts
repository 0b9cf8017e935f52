import assert from "node:assert/strict";
import { compareRoutes, routePath } from "../../framework/manifest.ts";

Deno.test("routePath - Fresh conventions", () => {
  assert.equal(routePath("index.tsx"), "/");
  assert.equal(routePath("qr-code.tsx"), "/qr-code");
  assert.equal(routePath("interactions/[id]/webview.tsx"), "/interactions/:id/webview");
  assert.equal(routePath("api/v1/channels.ts"), "/api/v1/channels");
  assert.equal(routePath("users/index.tsx"), "/users");
  assert.equal(routePath("api/_middleware.ts"), "/api");
});

Deno.test("compareRoutes - static segments before parameters", () => {
  const sorted = ["/interactions/:id", "/interactions/create", "/interactions"].sort(compareRoutes);
  assert.deepEqual(sorted, ["/interactions/create", "/interactions/:id", "/interactions"]);
});
