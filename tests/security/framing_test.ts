// Clickjacking: back-office pages may be framed only by the app itself; the widgets, share
// links and the QR code page stay embeddable in a station's site.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { isEmbeddablePath } from "../../lib/rules/embed.ts";

const frameAncestors = (res: Response) =>
  (res.headers.get("content-security-policy") ?? "").split(";").map((d) => d.trim())
    .find((d) => d.startsWith("frame-ancestors"));

Deno.test("framing - embeddable paths are the widgets, share links, QR code and overlays only", () => {
  for (
    const path of [
      "/widgets/1/2/",
      "/widgets/channel/1/",
      "/s/abc",
      "/qr-code",
      "/overlay/x",
      "/static/embed.js",
    ]
  ) {
    assert.ok(isEmbeddablePath(path), path);
  }
  for (
    const path of [
      "/login",
      "/interactions",
      "/users/1",
      "/api/v1/auth",
      "/",
      "/settings",
      "/widgetsx",
      "/qr-codes",
    ]
  ) {
    assert.ok(!isEmbeddablePath(path), path);
  }
});

Deno.test("framing - admin pages forbid other sites, widget pages do not", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [manager] = await ctx.sql<{ id: number }[]>`select id from users where login = 'manager'`;
    const cookie = `im_session=${await openSession(ctx.sql, ctx.deps.jwtSecret, manager.id, "staff")}`;
    const [segment] = await ctx.sql<{ id: number; channel_id: number; uuid: string }[]>`
      select id, channel_id, uuid from segments order by id limit 1`;

    const admin = [
      "/login",
      "/forgot-password",
      "/interactions",
      "/moderation",
      "/settings",
      "/users",
      "/api/v1/users/current",
    ];
    for (const path of admin) {
      const res = await ctx.request(path, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
      await res.body?.cancel();
      assert.equal(res.headers.get("x-frame-options"), "SAMEORIGIN", `${path} ${res.status}`);
      assert.equal(frameAncestors(res), "frame-ancestors 'self'", path);
      // the rest of the policy is kept
      assert.match(res.headers.get("content-security-policy")!, /default-src 'self'/, path);
    }
    // a redirect to the login page is guarded too
    const anonymous = await ctx.request("/interactions", { redirect: "manual" });
    await anonymous.body?.cancel();
    assert.equal(anonymous.status, 302);
    assert.equal(anonymous.headers.get("x-frame-options"), "SAMEORIGIN");

    const widgets = [
      `/widgets/${segment.channel_id}/${segment.id}/`,
      `/widgets/channel/${segment.channel_id}/`,
      `/qr-code?qrData=${encodeURIComponent("https://example.org")}`,
    ];
    for (const path of widgets) {
      const res = await ctx.request(path, { redirect: "manual" });
      await res.body?.cancel();
      assert.ok(res.status < 400, `${path} ${res.status}`);
      assert.equal(res.headers.get("x-frame-options"), null, path);
      assert.equal(frameAncestors(res), undefined, path);
    }
  } finally {
    await ctx.close();
  }
});
