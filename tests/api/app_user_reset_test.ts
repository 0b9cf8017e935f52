import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import { testApp } from "../_helpers.ts";
import { hashToken } from "../../lib/platform/auth.ts";
import { smtpMailer } from "../../lib/platform/mail.ts";
import { call, expectError, jsonOf } from "./_visitors.ts";

const LISTENER = {
  email: "reset.me@example.com",
  password: "first-password",
  nickname: "ResetMe",
  language: "en",
};

async function register(ctx: Awaited<ReturnType<typeof testApp>>) {
  const res = await call(ctx, "/api/v1/app_users", { method: "POST", json: LISTENER });
  assert.equal(res.status, 201);
  return await res.json();
}

/** The reset link of the latest mail of the outbox. */
async function lastLink(ctx: Awaited<ReturnType<typeof testApp>>) {
  const [mail] = await ctx
    .sql`select to_address, subject, text_body, html_body from outbox order by id desc limit 1`;
  const link = /https?:\/\/\S+\/account\/reset\/([A-Za-z0-9_-]+)\?\S*/.exec(mail.text_body);
  assert.ok(link, "the mail holds the reset link");
  return { mail, url: new URL(link[0]), token: link[1] };
}

Deno.test("app users API - forgot password and the reset page", async (t) => {
  const ctx = await testApp({ env: { PUBLIC_URL: "https://im.example.org" } });
  let now = new Date();
  ctx.deps.now = () => now;
  try {
    const user = await register(ctx);
    const [{ id: channelId }] = await ctx.sql<{ id: number }[]>`
      insert into channels (label, widget_primary_color) values ('Radio Test', '#0a7d5a') returning id`;

    await t.step("an unknown email gets the same 202 answer and no mail", async () => {
      const unknown = await call(ctx, "/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: "nobody@example.com", channel_id: channelId },
      });
      assert.equal(unknown.status, 202);
      const a = await jsonOf(unknown);
      assert.equal(
        a.message,
        "If an account uses this address, we have sent it a link to choose a new password.",
      );
      assert.equal((await ctx.sql`select count(*)::int as n from outbox`)[0].n, 0);
      const known = await call(ctx, "/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: "RESET.me@example.com", channel_id: channelId },
      });
      assert.equal(known.status, 202);
      assert.deepEqual(await jsonOf(known), a);
    });

    await t.step(
      "the mail, in the user's language, links to the page with the channel; the token is stored hashed",
      async () => {
        const { mail, url, token } = await lastLink(ctx);
        assert.equal(mail.to_address, "reset.me@example.com");
        assert.equal(mail.subject, "Choose a new password");
        assert.match(mail.text_body, /Hello ResetMe/);
        assert.match(mail.html_body, /<a href="https:\/\/im\.example\.org\/account\/reset\//);
        assert.equal(url.origin, "https://im.example.org");
        assert.equal(url.searchParams.get("channel_id"), String(channelId));
        assert.equal(url.searchParams.get("lang"), "en");
        const rows = await ctx.sql`select token_hash, app_user_id, purpose, expires_at from auth_tokens`;
        assert.equal(rows.length, 1);
        assert.equal(rows[0].token_hash, await hashToken(token));
        assert.notEqual(rows[0].token_hash, token);
        assert.equal(rows[0].app_user_id, user.id);
        assert.equal(rows[0].purpose, "reset");
        const ttl = rows[0].expires_at.getTime() - now.getTime();
        assert.ok(Math.abs(ttl - 3600_000) < 5000, `1 h, got ${ttl}`);
      },
    );

    await t.step("the page shows the form in the channel's colour; a bad token is a 410 page", async () => {
      const { url, token } = await lastLink(ctx);
      const res = await call(ctx, `${url.pathname}${url.search}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/html/);
      assert.equal(res.headers.get("cache-control"), "no-store");
      const html = await res.text();
      assert.match(html, /--color-primary: #0a7d5a/);
      assert.match(html, /data-island="AccountResetForm"/);
      assert.match(html, /New password/);
      assert.match(html, /Radio Test/);
      assert.match(html, /name="referrer" content="no-referrer"/);
      assert.ok(html.includes(token));
      const bad = await call(ctx, "/account/reset/not-a-token?lang=en");
      assert.equal(bad.status, 410);
      const badHtml = await bad.text();
      assert.match(badHtml, /This link is no longer valid/);
      assert.doesNotMatch(badHtml, /data-island/);
    });

    await t.step("reset: a short password is refused and the link stays usable", async () => {
      const { token } = await lastLink(ctx);
      const res = await call(ctx, "/api/v1/app_users/reset_password", {
        method: "POST",
        json: { token, password: "short" },
      });
      await expectError(res, 400, "password_too_short", "Password must be at least 8 characters long");
      const page = await call(ctx, `/account/reset/${token}`);
      assert.equal(page.status, 200);
    });

    await t.step(
      "reset: the new password works once, the old one no longer; the link is then dead",
      async () => {
        const { token } = await lastLink(ctx);
        const res = await call(ctx, "/api/v1/app_users/reset_password", {
          method: "POST",
          json: { token, password: "second-password" },
        });
        assert.equal(res.status, 200);
        assert.equal(
          (await jsonOf(res)).message,
          "Your password has been changed. You can now log in from the widget.",
        );
        const old = await call(ctx, "/api/v1/app_users/login", {
          method: "POST",
          json: { email: LISTENER.email, password: LISTENER.password },
        });
        await expectError(old, 401, "invalid_credentials");
        const fresh = await call(ctx, "/api/v1/app_users/login", {
          method: "POST",
          json: { email: LISTENER.email, password: "second-password" },
        });
        assert.equal(fresh.status, 200);
        const again = await call(ctx, "/api/v1/app_users/reset_password", {
          method: "POST",
          json: { token, password: "third-password" },
        });
        await expectError(again, 410, "reset_token_invalid");
        assert.equal((await call(ctx, `/account/reset/${token}`)).status, 410);
      },
    );

    await t.step("reset: a link older than one hour is refused", async () => {
      await call(ctx, "/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: LISTENER.email },
      });
      const { token, url } = await lastLink(ctx);
      assert.equal(url.searchParams.get("channel_id"), null);
      now = new Date(now.getTime() + 3600_000 + 1000);
      const res = await call(ctx, "/api/v1/app_users/reset_password", {
        method: "POST",
        json: { token, password: "fourth-password" },
      });
      await expectError(res, 410, "reset_token_invalid");
      now = new Date();
    });

    await t.step(
      "forgot: a mail server failure still answers 202 (it would reveal the account)",
      async () => {
        const mailer = ctx.deps.mailer;
        const errors: unknown[] = [];
        const log = console.error;
        console.error = (...args: unknown[]) => errors.push(args);
        ctx.deps.mailer = { send: () => Promise.reject(new Error("smtp down")) };
        try {
          const res = await call(ctx, "/api/v1/app_users/forgot_password", {
            method: "POST",
            json: { email: LISTENER.email },
          });
          assert.equal(res.status, 202);
          assert.equal(errors.length, 1);
        } finally {
          ctx.deps.mailer = mailer;
          console.error = log;
        }
      },
    );

    await t.step("forgot: a malformed email is a 400; 3 per email per hour, then 429", async () => {
      const bad = await call(ctx, "/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: "x" },
      });
      await expectError(bad, 400, "email_invalid", "The email address is not valid.");
      for (let i = 0; i < 3; i++) {
        const res = await call(ctx, "/api/v1/app_users/forgot_password", {
          method: "POST",
          json: { email: "flood@example.com" },
        });
        assert.equal(res.status, 202);
      }
      const blocked = await call(ctx, "/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: "FLOOD@example.com" },
      });
      await expectError(blocked, 429, "rate_limited");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test({
  name: "app users API - the forgot-password mail goes out through a real SMTP server",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Uint8Array[] = [];
        stream.on("data", (c: Uint8Array) => chunks.push(c));
        stream.on("end", () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          received.push({
            to,
            data: new TextDecoder().decode(Uint8Array.from(chunks.flatMap((c) => [...c]))),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    const ctx = await testApp();
    try {
      ctx.deps.mailer = await smtpMailer(`smtp://127.0.0.1:${port}`, "Radio <no-reply@example.org>");
      await register(ctx);
      const res = await call(ctx, "/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: LISTENER.email },
      });
      assert.equal(res.status, 202);
      assert.equal(received.length, 1);
      assert.deepEqual(received[0].to, [LISTENER.email]);
      assert.match(received[0].data, /Subject: Choose a new password/);
      // quoted-printable: soft line breaks removed, "=" written =3D
      const body = received[0].data.replace(/=\r?\n/g, "");
      assert.match(body, /\/account\/reset\/[A-Za-z0-9_-]+\?lang(=3D|=)en/);
      assert.equal((await ctx.sql`select count(*)::int as n from outbox`)[0].n, 0);
    } finally {
      await ctx.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
});
