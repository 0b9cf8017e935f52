// Attack scripts on sessions: a token must stop working when its session ends, and a token
// the server did not issue as is (no expiry, altered, forged) never works.
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { testApp } from "../_helpers.ts";
import { forgetOldSessions, openSession } from "../../lib/platform/sessions.ts";

const PASSWORD = "Demo-Password-1!";

Deno.test("sessions - logout, log out everywhere, password reset and forged tokens", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const login = async (email: string, password = PASSWORD) => {
      const res = await ctx.request("/api/v1/auth", { method: "POST", json: { email, password } });
      assert.equal(res.status, 200);
      return (await res.json()).access_token as string;
    };
    const status = async (token: string, path = "/api/v1/users/current") => {
      const res = await ctx.request(path, { token });
      await res.body?.cancel();
      return res.status;
    };

    await t.step("logout by bearer: the same token is refused afterwards", async () => {
      const token = await login("operator@example.com");
      assert.equal(await status(token), 200);
      const out = await ctx.request("/api/v1/logout", { method: "POST", token });
      assert.equal(out.status, 204);
      assert.equal(await status(token), 401);
      const [row] = await ctx
        .sql`select revoked_at from sessions where kind = 'staff' order by created_at desc limit 1`;
      assert.ok(row.revoked_at);
    });

    await t.step("logout by cookie (the admin menu's form) ends the session too", async () => {
      const token = await login("operator@example.com");
      const res = await ctx.request("/logout", {
        method: "POST",
        headers: { cookie: `im_session=${token}`, origin: "http://localhost" },
      });
      assert.equal(res.status, 303);
      await res.body?.cancel();
      assert.equal(await status(token), 401);
      const page = await ctx.request("/interactions", { headers: { cookie: `im_session=${token}` } });
      assert.equal(page.status, 302);
      assert.match(page.headers.get("location")!, /^\/login/);
    });

    await t.step("log out everywhere ends every session of the user, not another user's", async () => {
      const a = await login("manager@example.com");
      const b = await login("manager@example.com");
      const other = await login("admin@example.com");
      const res = await ctx.request("/api/v1/logout/all", { method: "POST", token: a });
      assert.equal(res.status, 200);
      assert.ok((await res.json()).ended >= 2);
      assert.equal(await status(a), 401);
      assert.equal(await status(b), 401);
      assert.equal(await status(other), 200);
      const again = await ctx.request("/api/v1/logout/all", { method: "POST", token: a });
      assert.equal(again.status, 401);
      await again.body?.cancel();
    });

    await t.step("a password reset ends every session opened before it", async () => {
      const before = await login("manager@example.com");
      const forgot = await ctx.request("/api/v1/users/reset", {
        method: "POST",
        json: { email: "manager@example.com" },
      });
      assert.equal(forgot.status, 200);
      await forgot.body?.cancel();
      const [mail] = await ctx.sql<{ text_body: string }[]>`
        select text_body from outbox where to_address = 'manager@example.com' order by id desc limit 1`;
      const token = mail.text_body.match(/\/reset\/([\w-]+)/)![1];
      const reset = await ctx.request("/api/v1/users/password", {
        method: "POST",
        json: { token, password: "Brand-New-42!" },
      });
      assert.equal(reset.status, 200);
      await reset.body?.cancel();
      assert.equal(await status(before), 401);
      assert.equal(await status(await login("manager@example.com", "Brand-New-42!")), 200);
    });

    await t.step("deactivating a staff member ends their sessions; reactivating revives none", async () => {
      // sessions opened directly: the steps above changed these accounts' passwords
      const ids = new Map(
        (await ctx.sql<{ id: number; login: string }[]>`select id::int as id, login from users`)
          .map((u) => [u.login, u.id]),
      );
      const id = ids.get("operator")!;
      const operator = await openSession(ctx.sql, ctx.deps.jwtSecret, id, "staff");
      const manager = await openSession(ctx.sql, ctx.deps.jwtSecret, ids.get("manager")!, "staff");
      const set = async (active: boolean) => {
        const res = await ctx.request(`/api/v1/user/${id}`, {
          method: "PUT",
          token: manager,
          json: { active },
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
      };
      assert.equal(await status(operator), 200);
      await set(false);
      assert.equal(await status(operator), 401);
      await set(true);
      assert.equal(await status(operator), 401, "the old token stays dead");
      const fresh = await openSession(ctx.sql, ctx.deps.jwtSecret, id, "staff");
      assert.equal(await status(fresh), 200, "a new session works");
    });

    await t.step("a listener's logout and password reset end their sessions", async () => {
      const created = await ctx.request("/api/v1/app_users", {
        method: "POST",
        json: { email: "listener@example.org", password: "listen-123", nickname: "Listener1" },
      });
      assert.equal(created.status, 201);
      const first = (await created.json()).access_token as string;
      assert.equal(await status(first, "/api/v1/app_users/me"), 200);
      const out = await ctx.request("/api/v1/logout", { method: "POST", token: first });
      assert.equal(out.status, 204);
      assert.equal(await status(first, "/api/v1/app_users/me"), 401);

      const relog = await ctx.request("/api/v1/app_users/login", {
        method: "POST",
        json: { email: "listener@example.org", password: "listen-123" },
      });
      assert.equal(relog.status, 200);
      const second = (await relog.json()).access_token as string;
      assert.equal(await status(second, "/api/v1/app_users/me"), 200);
      const forgot = await ctx.request("/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: "listener@example.org" },
      });
      await forgot.body?.cancel();
      const [mail] = await ctx.sql<{ text_body: string }[]>`
        select text_body from outbox where to_address = 'listener@example.org' order by id desc limit 1`;
      const token = mail.text_body.match(/\/account\/reset\/([\w-]+)/)![1];
      const reset = await ctx.request("/api/v1/app_users/reset_password", {
        method: "POST",
        json: { token, password: "listen-456" },
      });
      assert.ok(reset.ok, String(reset.status));
      await reset.body?.cancel();
      assert.equal(await status(second, "/api/v1/app_users/me"), 401);
    });

    await t.step("tokens without exp, without a session, altered or forged are refused", async () => {
      const [admin] = await ctx.sql<{ id: number }[]>`select id from users where login = 'admin'`;
      const secret = ctx.deps.jwtSecret;
      const claims = () =>
        new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(String(admin.id)).setAudience("staff")
          .setIssuer("interaction-manager").setIssuedAt();
      const live = await openSession(ctx.sql, secret, admin.id, "staff");
      assert.equal(await status(live), 200);
      const sid = JSON.parse(atob(live.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).jti;
      // the right secret and a live session id, but no expiry
      assert.equal(await status(await claims().setJti(sid).sign(secret)), 401);
      // the right secret, no session
      assert.equal(await status(await claims().setExpirationTime("1h").sign(secret)), 401);
      // a made-up session id
      assert.equal(
        await status(await claims().setJti(crypto.randomUUID()).setExpirationTime("1h").sign(secret)),
        401,
      );
      // a live session id carried by another user's token
      const [operator] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
      const swapped = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(
        String(operator.id),
      )
        .setAudience("staff").setIssuer("interaction-manager").setJti(sid).setExpirationTime("1h").sign(
          secret,
        );
      assert.equal(await status(swapped), 401);
      // a signature by another key, an altered payload, alg none
      const otherKey = new TextEncoder().encode("not-the-secret-not-the-secret-00000000");
      assert.equal(await status(await claims().setJti(sid).setExpirationTime("1h").sign(otherKey)), 401);
      const [h, p, s] = live.split(".");
      const payload = JSON.parse(atob(p.replace(/-/g, "+").replace(/_/g, "/")));
      const altered = btoa(JSON.stringify({ ...payload, sub: String(operator.id) })).replace(/=+$/, "")
        .replace(/\+/g, "-").replace(/\//g, "_");
      assert.equal(await status(`${h}.${altered}.${s}`), 401);
      const none = btoa(JSON.stringify({ alg: "none" })).replace(/=+$/, "");
      assert.equal(await status(`${none}.${p}.`), 401);
      // a visitor session is no staff session
      const visitor = await openSession(ctx.sql, secret, admin.id, "visitor");
      assert.equal(await status(visitor), 401);
      // an expired session row refuses its (still unexpired) token
      await ctx.sql`update sessions set expires_at = now() - interval '1 second' where id = ${sid}`;
      assert.equal(await status(live), 401);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("sessions - ended sessions and old login failures are forgotten after a day", async () => {
  const ctx = await testApp();
  try {
    const now = new Date();
    const live = await openSession(ctx.sql, ctx.deps.jwtSecret, 1, "visitor");
    await openSession(ctx.sql, ctx.deps.jwtSecret, 2, "visitor");
    await ctx.sql`update sessions set revoked_at = now() - interval '2 days' where user_id = 2`;
    await ctx.sql`insert into login_failures (key, failures, last_failed_at)
      values ('old', 3, now() - interval '2 days'), ('recent', 3, now())`;
    await forgetOldSessions(ctx.sql, now);
    const sessions = await ctx.sql<{ user_id: number }[]>`select user_id from sessions`;
    assert.deepEqual(sessions.map((s) => Number(s.user_id)), [1]);
    const keys = await ctx.sql<{ key: string }[]>`select key from login_failures`;
    assert.deepEqual(keys.map((k) => k.key), ["recent"]);
    assert.ok(live);
  } finally {
    await ctx.close();
  }
});
