// Attack scripts on webhooks: another channel's endpoints are out of reach (403, or 404 when
// unknown), an operator cannot manage them, the signing secret is never answered after its creation, and an
// endpoint on a private, loopback or link-local address (SSRF) or over plain http is refused.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";

const ctx = await testApp();
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);

Deno.test({
  name: "webhooks security - other channels, roles, the secret once, private addresses",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const admin = await staff.token("admin");
      const manager = await staff.token("manager");
      const operator = await staff.token("operator");
      const add = (channel: number, url: string, token = admin) =>
        ctx.request(`/api/v1/channels/${channel}/webhooks`, {
          method: "POST",
          token,
          json: { url, events: ["participation.created"] },
        });
      // a public address literal: accepted without any DNS lookup, never called in this test
      const tvRes = await add(staff.tv, "https://93.184.216.34/hooks");
      assert.equal(tvRes.status, 201);
      const tvHook = await tvRes.json();
      const test = await (await ctx.request(`/api/v1/webhooks/${tvHook.id}/test`, {
        method: "POST",
        token: admin,
      })).json();

      await t.step("another channel's administrator gets 403 on every route; unknown ids 404", async () => {
        const routes: [string, string][] = [
          ["GET", `/api/v1/channels/${staff.tv}/webhooks`],
          ["POST", `/api/v1/channels/${staff.tv}/webhooks`],
          ["GET", `/api/v1/webhooks/${tvHook.id}`],
          ["DELETE", `/api/v1/webhooks/${tvHook.id}`],
          ["POST", `/api/v1/webhooks/${tvHook.id}/test`],
          ["GET", `/api/v1/webhooks/${tvHook.id}/deliveries/${test.delivery_id}/attempts`],
          ["POST", `/api/v1/webhooks/${tvHook.id}/deliveries/${test.delivery_id}/redeliver`],
        ];
        for (const [method, path] of routes) {
          const res = await ctx.request(path, {
            method,
            token: manager,
            json: method === "POST" ? { url: "https://93.184.216.34/x", events: ["vote.closed"] } : undefined,
          });
          assert.equal(res.status, 403, `${method} ${path}`);
          await res.body?.cancel();
        }
        assert.equal((await ctx.request(`/api/v1/webhooks/999999`, { token: manager })).status, 404);
        assert.equal((await ctx.request(`/api/v1/channels/999999/webhooks`, { token: admin })).status, 404);
        assert.equal((await ctx.request(`/api/v1/webhooks/${tvHook.id}`)).status, 401);
        // still there
        assert.equal((await ctx.request(`/api/v1/webhooks/${tvHook.id}`, { token: admin })).status, 200);
      });

      await t.step("a delivery of one endpoint cannot be sent again through another", async () => {
        const own = await (await add(staff.radio, "https://93.184.216.34/radio", manager)).json();
        const res = await ctx.request(`/api/v1/webhooks/${own.id}/deliveries/${test.delivery_id}/redeliver`, {
          method: "POST",
          token: manager,
        });
        assert.equal(res.status, 404);
      });

      await t.step("an operator cannot list or add endpoints", async () => {
        assert.equal(
          (await ctx.request(`/api/v1/channels/${staff.radio}/webhooks`, { token: operator })).status,
          403,
        );
        assert.equal((await add(staff.radio, "https://93.184.216.34/op", operator)).status, 403);
      });

      await t.step("the secret is in the creation's answer only", async () => {
        assert.match(tvHook.secret, /^whsec_/);
        const texts = [
          await (await ctx.request(`/api/v1/channels/${staff.tv}/webhooks`, { token: admin })).text(),
          await (await ctx.request(`/api/v1/webhooks/${tvHook.id}`, { token: admin })).text(),
          await (await ctx.request(`/channels/${staff.tv}/webhooks`, { token: admin })).text(),
        ];
        assert.ok(texts[2].includes("93.184.216.34/hooks")); // the page lists the endpoint, not its secret
        for (const text of texts) assert.ok(!text.includes(tvHook.secret.slice(6, 30)));
        const foreignPage = await ctx.request(`/channels/${staff.tv}/webhooks`, { token: manager });
        assert.equal(foreignPage.status, 403);
        await foreignPage.body?.cancel();
      });

      await t.step(
        "private, loopback, link-local addresses and plain http are refused with 422",
        async () => {
          for (
            const url of [
              "https://127.0.0.1/x",
              "https://10.0.0.8/x",
              "https://192.168.1.10/x",
              "https://169.254.169.254/latest/meta-data",
              "https://[::1]/x",
              "https://[::ffff:127.0.0.1]/x",
              "https://2130706433/x", // 127.0.0.1 as one number
              "https://0x7f.1/x",
              "http://93.184.216.34/x",
              "https://user:pw@93.184.216.34/x",
              "file:///etc/passwd",
            ]
          ) {
            const res = await add(staff.radio, url, manager);
            assert.equal(res.status, 422, url);
            const body = await res.json();
            assert.match(body.code, /^webhook_/, url);
            assert.ok(body.message && !body.message.startsWith("webhook_"), body.message);
          }
          const bad = await add(staff.radio, "https://93.184.216.34/x", manager).then(() =>
            ctx.request(`/api/v1/channels/${staff.radio}/webhooks`, {
              method: "POST",
              token: manager,
              json: { url: "https://93.184.216.34/x", events: ["everything"] },
            })
          );
          assert.equal(bad.status, 400);
        },
      );
    } finally {
      await ctx.close();
    }
  },
});
