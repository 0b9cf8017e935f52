import assert from "node:assert/strict";
import { type TestApp, testApp } from "../_helpers.ts";
import { hashToken } from "../../lib/platform/auth.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { windowStart } from "../../lib/platform/rate_limit.ts";
import { MAIL_LIMITS } from "../../lib/rules/accounts.ts";

const PASSWORD = "Demo-Password-1!";
const EN = { "accept-language": "en" };

async function jsonOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

/** A request as if from that IP address (the server reads it from the connection). */
function from(ctx: TestApp, ip: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  headers.set("accept-language", "en");
  return Promise.resolve(
    ctx.app.request(path, { ...init, headers, body: JSON.stringify(init.json) }, {
      remoteAddr: { hostname: ip },
    }),
  );
}

/** The outbox mails to an address, newest first. */
async function mailsTo(ctx: TestApp, to: string) {
  return await ctx.sql<{ subject: string; text_body: string; html_body: string }[]>`
    select subject, text_body, html_body from outbox where to_address = ${to} order by id desc`;
}

const linkOf = (text: string, kind: "confirm" | "reset") => {
  const m = text.match(new RegExp(`https?://[^\\s/]+/${kind}/([\\w-]+)`));
  assert.ok(m, `no /${kind}/ link in: ${text}`);
  return m[1];
};

const login = (ctx: TestApp, body: unknown) =>
  ctx.request("/api/v1/auth", { method: "POST", json: body, headers: EN });

const registration = (over: Record<string, unknown> = {}) => ({
  login: "jdoe",
  email: "Jane.Doe@Example.org",
  phone: "061 234 5678",
  password: "Secret-123",
  first_name: "Jane",
  last_name: "Doe",
  language: "en",
  ...over,
});

Deno.test("accounts API - login: cookie, one answer for unknown e-mail and wrong password, states", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    await t.step(
      "the demo accounts are confirmed and log in; the cookie is HttpOnly and SameSite=Lax",
      async () => {
        for (const email of ["admin@example.com", "manager@example.com", "operator@example.com"]) {
          const res = await login(ctx, { email, password: PASSWORD });
          assert.equal(res.status, 200, email);
          const body = await jsonOf(res);
          assert.ok(body.access_token.split(".").length === 3);
          const cookie = res.headers.get("set-cookie")!;
          assert.match(cookie, new RegExp(`^im_session=${body.access_token.replace(/[.]/g, "\\.")};`));
          assert.match(cookie, /HttpOnly/);
          assert.match(cookie, /SameSite=Lax/);
          assert.match(cookie, /Path=\//);
          const me = await ctx.request("/api/v1/users/current", { token: body.access_token });
          assert.equal(me.status, 200);
          assert.equal((await jsonOf(me)).email, email);
        }
      },
    );

    await t.step(
      "the e-mail is case-insensitive; landing is /channels in admin mode, else /interactions",
      async () => {
        const admin = await jsonOf(await login(ctx, { email: " ADMIN@example.com ", password: PASSWORD }));
        assert.equal(admin.redirect, "/channels");
        const op = await jsonOf(await login(ctx, { email: "operator@example.com", password: PASSWORD }));
        assert.equal(op.redirect, "/interactions");
      },
    );

    await t.step(
      "'Invalid login or password' for a wrong password and for an unknown e-mail alike",
      async () => {
        const answer = async (body: unknown) => {
          const res = await login(ctx, body);
          return { status: res.status, body: await jsonOf(res), res };
        };
        const wrong = await answer({ email: "manager@example.com", password: "Wrong-Password-1!" });
        const unknown = await answer({ email: "nobody@example.com", password: "Wrong-Password-1!" });
        assert.equal(wrong.status, 401);
        assert.deepEqual(wrong.body, { message: "Invalid login or password", code: "invalid_credentials" });
        assert.equal(unknown.status, 401);
        assert.deepEqual(unknown.body, wrong.body);
        assert.equal(wrong.res.headers.get("set-cookie"), null);
        // both verify an argon2id hash (verifyAccountPassword, tests/unit/auth_test.ts): no timed assertion here
      },
    );

    await t.step("'All fields are required' without e-mail or password", async () => {
      for (
        const body of [{}, { email: "manager@example.com" }, { password: PASSWORD }, {
          email: " ",
          password: "x",
        }]
      ) {
        const res = await login(ctx, body);
        assert.equal(res.status, 400);
        assert.deepEqual(await jsonOf(res), { message: "All fields are required", code: "fields_required" });
      }
    });

    await t.step("an unconfirmed or deactivated account is refused with a clear message", async () => {
      await ctx.sql`update users set confirmed_at = null where login = 'operator'`;
      const unconfirmed = await login(ctx, { email: "operator@example.com", password: PASSWORD });
      assert.equal(unconfirmed.status, 403);
      assert.match((await jsonOf(unconfirmed)).message, /not confirmed yet/);
      // the message is given only to who knows the password
      const guess = await login(ctx, { email: "operator@example.com", password: "Nope-1234!" });
      assert.equal(guess.status, 401);
      await jsonOf(guess);
      await ctx.sql`update users set confirmed_at = now(), active = false where login = 'operator'`;
      const inactive = await login(ctx, { email: "operator@example.com", password: PASSWORD });
      assert.equal(inactive.status, 403);
      assert.equal(
        (await jsonOf(inactive)).message,
        "This account is deactivated. Ask an administrator of your media.",
      );
      await ctx.sql`update users set active = true where login = 'operator'`;
    });

    await t.step("a deactivated account's session stops working", async () => {
      const { access_token } = await jsonOf(
        await login(ctx, { email: "operator@example.com", password: PASSWORD }),
      );
      await ctx.sql`update users set active = false where login = 'operator'`;
      const res = await ctx.request("/api/v1/users/current", { token: access_token });
      assert.equal(res.status, 401);
      await jsonOf(res);
      await ctx.sql`update users set active = true where login = 'operator'`;
    });

    await t.step(
      "failures only count, per (e-mail, address): the owner elsewhere is not locked out",
      async () => {
        await ctx.sql`delete from login_failures`;
        const frozen = new Date();
        ctx.deps.now = () => frozen; // the 1 s first delay must not pass while the test runs
        for (let i = 0; i < 8; i++) {
          const res = await from(ctx, "10.0.0.1", "/api/v1/auth", {
            method: "POST",
            json: { email: "manager@example.com", password: `Wrong-${i}` },
          });
          assert.ok([401, 429].includes(res.status), String(res.status));
          await res.body?.cancel();
        }
        const blocked = await from(ctx, "10.0.0.1", "/api/v1/auth", {
          method: "POST",
          json: { email: "Manager@example.com", password: PASSWORD },
        });
        assert.equal(blocked.status, 429);
        assert.match(blocked.headers.get("retry-after")!, /^\d+$/);
        const wait = /^Too many attempts\. Try again in (\d+) (seconds?)\.$/.exec(
          (await jsonOf(blocked)).message,
        );
        assert.ok(wait, "the wait is said in seconds");
        assert.equal(wait[2], wait[1] === "1" ? "second" : "seconds", "its plural form follows the number");
        // the same account from another address is not blocked by that pair
        const owner = await from(ctx, "10.0.0.2", "/api/v1/auth", {
          method: "POST",
          json: { email: "manager@example.com", password: PASSWORD },
        });
        assert.equal(owner.status, 200);
        await owner.body?.cancel();
        ctx.deps.now = undefined;
      },
    );

    await t.step("POST logout clears the cookie", async () => {
      const res = await ctx.request("/api/v1/logout", { method: "POST" });
      assert.equal(res.status, 204);
      assert.match(res.headers.get("set-cookie")!, /^im_session=;.*Max-Age=0/);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("accounts API - register, confirm by mail, log in by one-time token", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const register = (body: unknown) =>
      ctx.request("/api/v1/register", { method: "POST", json: body, headers: EN });

    await t.step("the §5 messages, in order: required, telephone, email, password", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ login: "" }, "All fields are required", "login"],
        [{ phone: undefined }, "All fields are required", "phone"],
        [{ first_name: "  " }, "All fields are required", "first_name"],
        [{ phone: "12 34", email: "bad" }, "Invalid telephone", "phone"],
        [{ email: "jane@doe" }, "Invalid email", "email"],
        [{ password: "secret-123" }, "Invalid password", "password"],
        [{ password: "Secret123" }, "Invalid password", "password"],
        [{ password: "Se-1" }, "Invalid password", "password"],
        [{ password: "Secret-1" + "x".repeat(23) }, "Invalid password", "password"],
      ];
      for (const [over, message, field] of cases) {
        const res = await register(registration(over));
        assert.equal(res.status, 400, JSON.stringify(over));
        const body = await jsonOf(res);
        assert.equal(body.message, message);
        assert.ok(field in body.fields, `${field} in ${JSON.stringify(body.fields)}`);
      }
      assert.equal((await ctx.sql`select count(*)::int as n from users where login = 'jdoe'`)[0].n, 0);
    });

    let userId = 0;
    await t.step(
      "creates an unconfirmed administrator of a new demo channel and mails the link",
      async () => {
        const res = await register(registration());
        assert.equal(res.status, 201);
        const body = await jsonOf(res);
        assert.equal(body.id, undefined);
        userId = (await ctx.sql`select id from users where email = 'jane.doe@example.org'`)[0].id;
        assert.equal(
          body.message,
          "Check your mailbox: we sent a confirmation link to Jane.Doe@Example.org.",
        );
        const [user] = await ctx.sql`select u.*, c.label, c.status as channel_status from users u
        join channels c on c.id = u.channel_id where u.id = ${userId}`;
        assert.equal(user.email, "jane.doe@example.org");
        assert.equal(user.role, "administrator");
        assert.equal(user.confirmed_at, null);
        assert.equal(user.language, "en");
        assert.equal(user.label, "Jane Doe's media");
        assert.equal(user.channel_status, "demo");
        assert.match(user.password_hash, /^\$argon2id\$/);
        const [mail] = await mailsTo(ctx, "jane.doe@example.org");
        assert.equal(mail.subject, "Confirm your Interaction Manager account");
        assert.match(mail.text_body, /^Hello Jane Doe,/);
        assert.match(mail.text_body, /within 48 hours/);
        assert.match(mail.html_body, /<a href="http:\/\/localhost:8000\/confirm\/[\w-]+"/);
      },
    );

    await t.step("a known e-mail (any case) gets the same answer, 'Login already taken'", async () => {
      const again = await register(registration({ email: "JANE.DOE@example.org", login: "other" }));
      assert.equal(again.status, 201);
      assert.deepEqual(Object.keys(await jsonOf(again)), ["message"]);
      const demo = await register(registration({ email: "manager@example.com", login: "x1" }));
      assert.equal(demo.status, 201);
      await jsonOf(demo);
      const [attempt] = await mailsTo(ctx, "manager@example.com");
      // in the owner's language (the demo manager's is French), whatever the caller's
      assert.equal(attempt.subject, "Quelqu'un a essayé de s'inscrire avec votre adresse e-mail");
      assert.match(attempt.text_body, /http:\/\/localhost:8000\/forgot-password/);
      assert.equal(
        (await mailsTo(ctx, "jane.doe@example.org"))[0].subject,
        "Someone tried to register with your e-mail",
      );
      await ctx.sql`delete from outbox where text_body like '%/forgot-password%'`;
      const sameLogin = await register(registration({ email: "new@example.org", login: "JDOE" }));
      assert.equal(sameLogin.status, 409);
      assert.equal((await jsonOf(sameLogin)).code, "login_taken");
    });

    await t.step("login is refused until the e-mail is confirmed", async () => {
      const res = await login(ctx, { email: "jane.doe@example.org", password: "Secret-123" });
      assert.equal(res.status, 403);
      assert.equal((await jsonOf(res)).code, "account_unconfirmed");
    });

    await t.step("resend mails a new link and retires the old one; the answer never tells", async () => {
      const before = await mailsTo(ctx, "jane.doe@example.org");
      const oldToken = linkOf(before[0].text_body, "confirm");
      const res = await ctx.request("/api/v1/users/resend", {
        method: "POST",
        json: { email: "Jane.Doe@example.org" },
        headers: EN,
      });
      assert.equal(res.status, 200);
      const known = await jsonOf(res);
      const after = await mailsTo(ctx, "jane.doe@example.org");
      assert.equal(after.length, before.length + 1);
      const unknownRes = await ctx.request("/api/v1/users/resend", {
        method: "POST",
        json: { email: "nobody@example.org" },
        headers: EN,
      });
      assert.equal(unknownRes.status, 200);
      const unknown = await jsonOf(unknownRes);
      assert.equal(
        known.message.replace("Jane.Doe@example.org", "X").replace("jane.doe@example.org", "X"),
        unknown.message.replace("nobody@example.org", "X"),
      );
      // a confirmed account gets nothing
      const confirmed = await ctx.request("/api/v1/users/resend", {
        method: "POST",
        json: { email: "manager@example.com" },
      });
      assert.equal(confirmed.status, 200);
      await confirmed.body?.cancel();
      assert.equal((await mailsTo(ctx, "manager@example.com")).length, 0);
      const stale = await ctx.request("/api/v1/users/confirm", {
        method: "POST",
        json: { token: oldToken },
        headers: EN,
      });
      assert.equal(stale.status, 410);
      assert.equal((await jsonOf(stale)).message, "This link is invalid, already used or expired.");
    });

    await t.step("tokens are stored as SHA-256 hashes only", async () => {
      const [mail] = await mailsTo(ctx, "jane.doe@example.org");
      const token = linkOf(mail.text_body, "confirm");
      const rows = await ctx.sql`select token_hash from auth_tokens where user_id = ${userId}`;
      assert.ok(rows.every((r) => r.token_hash !== token));
      const hash = await hashToken(token);
      assert.equal(rows.filter((r) => r.token_hash === hash).length, 1);
    });

    let loginToken = "";
    await t.step("the confirmation link confirms once, then logs in once by token", async () => {
      const [mail] = await mailsTo(ctx, "jane.doe@example.org");
      const token = linkOf(mail.text_body, "confirm");
      const res = await ctx.request("/api/v1/users/confirm", { method: "POST", json: { token } });
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.equal(body.email, "jane.doe@example.org");
      loginToken = body.login_token;
      const [user] = await ctx.sql`select confirmed_at from users where id = ${userId}`;
      assert.ok(user.confirmed_at instanceof Date);
      const twice = await ctx.request("/api/v1/users/confirm", { method: "POST", json: { token } });
      assert.equal(twice.status, 410);
      await jsonOf(twice);

      const byToken = await login(ctx, { token: loginToken });
      assert.equal(byToken.status, 200);
      const session = await jsonOf(byToken);
      assert.equal(session.redirect, "/interactions");
      assert.match(byToken.headers.get("set-cookie")!, /im_session=/);
      const reuse = await login(ctx, { token: loginToken });
      assert.equal(reuse.status, 401);
      assert.equal((await jsonOf(reuse)).code, "link_invalid");
      const pw = await login(ctx, { email: "jane.doe@example.org", password: "Secret-123" });
      assert.equal(pw.status, 200);
      await pw.body?.cancel();
    });

    await t.step("links expire: confirm after 48 h, login after 15 min, reset after 1 h", async () => {
      const later = (ms: number) => () => new Date(Date.now() + ms);
      try {
        await ctx.request("/api/v1/register", {
          method: "POST",
          json: registration({ email: "late@example.org", login: "late" }),
        }).then((r) => r.body?.cancel());
        const confirmToken = linkOf((await mailsTo(ctx, "late@example.org"))[0].text_body, "confirm");
        ctx.deps.now = later(48 * 3600_000 + 60_000);
        const expired = await ctx.request("/api/v1/users/confirm", {
          method: "POST",
          json: { token: confirmToken },
        });
        assert.equal(expired.status, 410);
        await jsonOf(expired);
        ctx.deps.now = later(47 * 3600_000);
        const ok = await ctx.request("/api/v1/users/confirm", {
          method: "POST",
          json: { token: confirmToken },
        });
        assert.equal(ok.status, 200);
        const { login_token } = await jsonOf(ok);
        ctx.deps.now = later(47 * 3600_000 + 16 * 60_000);
        const lateLogin = await login(ctx, { token: login_token });
        assert.equal(lateLogin.status, 401);
        await jsonOf(lateLogin);

        ctx.deps.now = undefined;
        await ctx.request("/api/v1/users/reset", { method: "POST", json: { email: "late@example.org" } })
          .then((r) => r.body?.cancel());
        const resetToken = linkOf((await mailsTo(ctx, "late@example.org"))[0].text_body, "reset");
        ctx.deps.now = later(3600_000 + 60_000);
        const lateReset = await ctx.request("/api/v1/users/password", {
          method: "POST",
          json: { token: resetToken, password: "Another-123" },
        });
        assert.equal(lateReset.status, 410);
        await jsonOf(lateReset);
      } finally {
        ctx.deps.now = undefined;
      }
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("accounts API - password reset by mail", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const reset = (email: unknown, headers: Record<string, string> = EN) =>
      ctx.request("/api/v1/users/reset", { method: "POST", json: { email }, headers });

    await t.step("without a valid e-mail: the §8 warning", async () => {
      for (const email of [undefined, "", "nope"]) {
        const res = await reset(email);
        assert.equal(res.status, 400);
        assert.equal(
          (await jsonOf(res)).message,
          "Reset password is not possible without an email. Please enter a valid email.",
        );
      }
    });

    await t.step(
      "the same answer for a known and an unknown e-mail; only the known one gets a mail",
      async () => {
        const known = await reset("Manager@example.com");
        const unknown = await reset("ghost@example.com");
        assert.equal(known.status, 200);
        assert.equal(unknown.status, 200);
        const a = (await jsonOf(known)).message.replace("manager@example.com", "X");
        const b = (await jsonOf(unknown)).message.replace("ghost@example.com", "X");
        assert.equal(a, b);
        assert.equal((await mailsTo(ctx, "ghost@example.com")).length, 0);
        const [mail] = await mailsTo(ctx, "manager@example.com");
        // the mail speaks the account's language (the demo staff speak French)
        assert.equal(mail.subject, "Changez votre mot de passe Interaction Manager");
        assert.match(mail.text_body, /dans l'heure/);
      },
    );

    await t.step(
      "the new password must follow the rule; then the old one and older sessions stop working",
      async () => {
        const token = linkOf((await mailsTo(ctx, "manager@example.com"))[0].text_body, "reset");
        const [manager] = await ctx.sql`select id from users where login = 'manager'`;
        const oldSession = await openSession(ctx.sql, ctx.deps.jwtSecret, manager.id, "staff");
        const before = await ctx.request("/api/v1/users/current", { token: oldSession });
        assert.equal(before.status, 200);
        await before.body?.cancel();
        const weak = await ctx.request("/api/v1/users/password", {
          method: "POST",
          json: { token, password: "weakpass" },
          headers: EN,
        });
        assert.equal(weak.status, 400);
        assert.equal((await jsonOf(weak)).message, "Invalid password");
        const ok = await ctx.request("/api/v1/users/password", {
          method: "POST",
          json: { token, password: "Brand-New-42" },
        });
        assert.equal(ok.status, 200);
        assert.deepEqual(await jsonOf(ok), { email: "manager@example.com" });
        assert.equal((await login(ctx, { email: "manager@example.com", password: PASSWORD })).status, 401);
        const fresh = await login(ctx, { email: "manager@example.com", password: "Brand-New-42" });
        assert.equal(fresh.status, 200);
        const { access_token } = await jsonOf(fresh);
        const after = await ctx.request("/api/v1/users/current", { token: oldSession });
        assert.equal(after.status, 401, "a session opened before the reset ends");
        await jsonOf(after);
        const current = await ctx.request("/api/v1/users/current", { token: access_token });
        assert.equal(current.status, 200);
        await current.body?.cancel();
        const again = await ctx.request("/api/v1/users/password", {
          method: "POST",
          json: { token, password: "Brand-New-43" },
        });
        assert.equal(again.status, 410);
        await jsonOf(again);
      },
    );

    await t.step("a second request retires the first link", async () => {
      await reset("operator@example.com").then((r) => r.body?.cancel());
      const first = linkOf((await mailsTo(ctx, "operator@example.com"))[0].text_body, "reset");
      await reset("operator@example.com").then((r) => r.body?.cancel());
      const res = await ctx.request("/api/v1/users/password", {
        method: "POST",
        json: { token: first, password: "Brand-New-42" },
      });
      assert.equal(res.status, 410);
      await jsonOf(res);
    });

    await t.step("429 after 5 requests for one e-mail, and after 30 from one IP address", async () => {
      for (let i = 0; i < MAIL_LIMITS.email.max; i++) {
        const res = await from(ctx, `10.1.0.${i}`, "/api/v1/users/reset", {
          method: "POST",
          json: { email: "limit@example.com" },
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
      }
      const blocked = await from(ctx, "10.1.1.1", "/api/v1/users/reset", {
        method: "POST",
        json: { email: "LIMIT@example.com" },
      });
      assert.equal(blocked.status, 429);
      assert.match((await jsonOf(blocked)).message, /^Too many attempts/);
      const start = windowStart(new Date(), MAIL_LIMITS.ip.windowSeconds);
      await ctx.sql`insert into rate_limits (key, window_start, count)
        values ('reset:ip:10.1.2.2', ${start}, ${MAIL_LIMITS.ip.max})`;
      const byIp = await from(ctx, "10.1.2.2", "/api/v1/users/reset", {
        method: "POST",
        json: { email: "someone-else@example.com" },
      });
      assert.equal(byIp.status, 429);
      await jsonOf(byIp);
    });
  } finally {
    await ctx.close();
  }
});
