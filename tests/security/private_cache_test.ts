// Attack: a shared cache (a corporate proxy, a CDN in front) or the next user of a shared computer gets a
// staff member's private answer. Every answer to a request with credentials says so in Cache-Control,
// while public, cacheable answers keep their own caching.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { defaultCacheControl } from "../../lib/rules/http_cache.ts";

Deno.test("private cache - the default Cache-Control of answers to requests with credentials", () => {
  assert.equal(defaultCacheControl("GET", true), "private, no-cache");
  assert.equal(defaultCacheControl("HEAD", true), "private, no-cache");
  assert.equal(defaultCacheControl("POST", true), "no-store");
  assert.equal(defaultCacheControl("GET", false), null);
});

Deno.test("private cache - staff answers and admin pages are private, public answers keep their caching", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token, radio } = await demoStaff(ctx);
    const staff = await token("manager");

    await t.step("private API answers: private, no-cache, with their ETag (a 304 still works)", async () => {
      for (
        const path of [
          "/api/v1/users/current",
          "/api/v1/users",
          `/api/v1/channel-interactions?channel_id=${radio}`,
        ]
      ) {
        const res = await ctx.request(path, { token: staff });
        assert.equal(res.status, 200, path);
        assert.equal(res.headers.get("cache-control"), "private, no-cache", path);
        const etag = res.headers.get("etag");
        await res.body?.cancel();
        if (etag) {
          const again = await ctx.request(path, { token: staff, headers: { "if-none-match": etag } });
          assert.equal(again.status, 304, path);
          assert.equal(again.headers.get("cache-control"), "private, no-cache");
        }
      }
    });

    await t.step("admin pages read with the session cookie", async () => {
      for (const path of ["/interactions", "/users", "/statistics"]) {
        const res = await ctx.request(path, {
          headers: { cookie: `im_session=${staff}`, accept: "text/html" },
        });
        assert.equal(res.status, 200, path);
        assert.match(res.headers.get("cache-control") ?? "", /private|no-store/, path);
        await res.body?.cancel();
      }
    });

    await t.step("a write's answer and a refused token are not stored either", async () => {
      const refused = await ctx.request("/api/v1/users/current", { token: "not-a-token" });
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get("cache-control"), "private, no-cache");
      await refused.body?.cancel();
      const write = await ctx.request("/api/v1/users/password", { method: "POST", token: staff, json: {} });
      assert.equal(write.headers.get("cache-control"), "no-store");
      await write.body?.cancel();
    });

    await t.step("public answers without credentials keep their caching", async () => {
      const channels = await ctx.request(`/api/v1/channels/mobile/${radio}`);
      assert.equal(channels.status, 200);
      assert.equal(channels.headers.get("cache-control"), "public, max-age=15");
      await channels.body?.cancel();
      const widget = await ctx.request(`/widgets/channel/${radio}/`, { headers: { accept: "text/html" } });
      assert.equal(widget.status, 200);
      assert.match(widget.headers.get("cache-control") ?? "", /^public/);
      await widget.body?.cancel();
    });
  } finally {
    await ctx.close();
  }
});
