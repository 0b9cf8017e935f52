// Attack on the first start on a server: a stranger asks a password reset for the super administrator
// with a forged Host header, then reads the mail at /dev/mailbox. The link names PUBLIC_URL whatever the
// Host, and the mailbox answers only on the server itself or to a super administrator.
import assert from "node:assert/strict";
import { demoStaff, type TestApp, testApp } from "../_helpers.ts";
import { requestInit, type TestRequestInit } from "../_server.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { ConfigError, loadConfig } from "../../lib/platform/config.ts";

const PASSWORD = "Demo-Password-1!";

function via(ctx: TestApp, socket: string, path: string, init: TestRequestInit = {}) {
  return Promise.resolve(ctx.app.request(path, requestInit(init), { remoteAddr: { hostname: socket } }));
}

Deno.test("safe defaults - a reset asked with a forged Host names PUBLIC_URL, the mailbox stays closed", async (t) => {
  const ctx = await testApp({ env: { PUBLIC_URL: "https://radio.example", TRUST_PROXY: "off" } });
  try {
    await seedDemo(ctx.sql, { password: PASSWORD });
    await t.step("the reset mail's link is on PUBLIC_URL", async () => {
      const res = await via(ctx, "203.0.113.66", "http://evil.example/api/v1/users/reset", {
        method: "POST",
        headers: { host: "evil.example" },
        json: { email: "admin@example.com" },
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
      const [mail] = await ctx.sql<{ text_body: string; html_body: string }[]>`
        select text_body, html_body from outbox where to_address = 'admin@example.com' order by id desc limit 1`;
      assert.match(mail.text_body, /https:\/\/radio\.example\/reset\/[\w-]+/);
      assert.doesNotMatch(mail.text_body + mail.html_body, /evil/);
    });

    await t.step("the mailbox is a 404 from another machine, through a local proxy too", async () => {
      for (
        const [socket, headers] of [
          ["203.0.113.66", {}],
          ["10.0.0.5", {}],
          ["127.0.0.1", { "x-forwarded-for": "203.0.113.66" }],
          ["127.0.0.1", { "x-real-ip": "203.0.113.66" }],
          ["127.0.0.1", { forwarded: "for=203.0.113.66" }],
        ] as const
      ) {
        const res = await via(ctx, socket, "/dev/mailbox", { headers });
        assert.equal(res.status, 404, `${socket} ${JSON.stringify(headers)}`);
        assert.doesNotMatch(await res.text(), /reset\//);
      }
    });

    await t.step("on the server itself, or to a super administrator, it opens", async () => {
      for (const socket of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
        const res = await via(ctx, socket, "/dev/mailbox?lang=en", { headers: { accept: "text/html" } });
        assert.equal(res.status, 200, socket);
        assert.match(await res.text(), /radio\.example\/reset\//);
      }
      const { token } = await demoStaff(ctx);
      const admin = await via(ctx, "203.0.113.9", "/dev/mailbox?lang=en", { token: await token("admin") });
      assert.equal(admin.status, 200);
      await admin.body?.cancel();
      const manager = await via(ctx, "203.0.113.9", "/dev/mailbox?lang=en", {
        token: await token("manager"),
      });
      assert.equal(manager.status, 404, "an administrator of a channel is not enough");
      await manager.body?.cancel();
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("safe defaults - production needs PUBLIC_URL", () => {
  const secret = "x".repeat(32);
  assert.throws(
    () => loadConfig({ APP_ENV: "production", JWT_SECRET: secret }),
    (e: unknown) =>
      e instanceof ConfigError && /PUBLIC_URL: required when APP_ENV=production/.test(e.message),
  );
  const config = loadConfig({
    APP_ENV: "production",
    JWT_SECRET: secret,
    PUBLIC_URL: "https://radio.example",
  });
  assert.equal(config.PUBLIC_URL, "https://radio.example");
});
