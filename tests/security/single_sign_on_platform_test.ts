// The platform's single sign-on, against a real OpenID provider (oidc-provider on 127.0.0.1): a super
// administrator alone sets it (every other role 403), its secret sealed and never read back; the login page
// offers it, a channel's own provider keeps the domains it lists; the code flow with PKCE signs in the
// existing account of any channel with its own role and channel, creates none, and refuses as a channel's
// provider does (state, audience, expiry, unverified e-mail, deactivated account); its groups make super
// administrators; a channel's required second factor is still asked after it; signing out ends the session,
// then the sign-in at the provider.
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import type { DirectoryAccount } from "../_oidc.ts";
import { hashPassword } from "../../lib/platform/password.ts";
import {
  auditSince,
  cookieOf,
  lastAuditId,
  platformSettings,
  providerSettings,
  putPlatformProvider,
  putProvider,
  secondStepAfterProvider,
  signInThrough,
  ssoApp,
  toProvider,
} from "../_sso_flow.ts";

const OPERATOR: DirectoryAccount = { email: "operator@example.com", email_verified: true };

/** The account a session cookie signs in (GET /api/v1/users/current), or null when it signs in none. */
async function whoIs(ctx: TestApp, session: string) {
  const res = await ctx.request("/api/v1/users/current", { headers: { cookie: session } });
  if (res.status !== 200) {
    await res.body?.cancel();
    return null;
  }
  const me = await jsonOf(res);
  return { login: me.login, role: me.role, channel_id: me.channel_id };
}

/** Where the app sends the browser after the provider's answer, and the session it opened (or undefined). */
async function outcome(res: Response) {
  await res.body?.cancel();
  return { location: res.headers.get("location"), session: cookieOf(res, "im_session") };
}

Deno.test("platform single sign-on - set by a super administrator, signs in the staff of any channel", async (t) => {
  const { ctx, staff, provider, close } = await ssoApp();
  try {
    const admin = await staff.token("admin");
    const settings = platformSettings(provider);

    await t.step("an administrator or an operator can neither read nor change it: 403", async () => {
      for (const login of ["manager", "operator"]) {
        const token = await staff.token(login);
        for (const method of ["GET", "PUT", "DELETE"]) {
          const res = await ctx.request("/api/v1/platform/sso", {
            method,
            token,
            ...(method === "PUT" ? { json: settings } : {}),
          });
          await res.body?.cancel();
          assert.equal(res.status, 403, `${login} ${method}`);
        }
        const page = await ctx.request("/platform/sign-in", { token });
        await page.body?.cancel();
        assert.equal(page.status, 403, `${login}'s page`);
      }
      const anonymous = await ctx.request("/api/v1/platform/sso");
      await anonymous.body?.cancel();
      assert.equal(anonymous.status, 401);
      const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from platform_sso`;
      assert.equal(count, 0, "nothing was set");
    });

    await t.step("the super administrator sets it; the secret is sealed and never read back", async () => {
      const empty = await jsonOf(await ctx.request("/api/v1/platform/sso", { token: admin }));
      assert.equal(empty.settings, null);
      const wrong = await putPlatformProvider(ctx, admin, {
        ...settings,
        issuer: "http://login.example.com",
      });
      assert.equal(wrong.status, 400);
      assert.deepEqual((await jsonOf(wrong)).fields, { issuer: ["sso_issuer_https"] });
      const before = await lastAuditId(ctx);
      const saved = await putPlatformProvider(ctx, admin, settings);
      assert.equal(saved.status, 204);
      const res = await ctx.request("/api/v1/platform/sso", { token: admin });
      const text = await res.text();
      assert.ok(!text.includes(provider.clientSecret), "the secret is never returned");
      const read = JSON.parse(text);
      assert.equal(read.settings.has_secret, true);
      assert.equal(read.settings.client_secret_enc, undefined);
      assert.deepEqual(read.settings.email_domains, ["example.com"]);
      assert.deepEqual(read.settings.super_administrator_groups, []);
      const [row] = await ctx.sql<
        { client_secret_enc: string }[]
      >`select client_secret_enc from platform_sso`;
      assert.ok(!row.client_secret_enc.includes(provider.clientSecret), "sealed at rest");
      const [entry] = await auditSince(ctx, before);
      assert.equal(entry.action, "sso_settings_changed");
      assert.equal(entry.actor_login, "admin");
      assert.equal(entry.channel_id, null, "on the platform's log");
      assert.ok((entry.details.fields as string[]).includes("client_secret"));
      const [object] = await ctx.sql`select object_type, object_id from audit_log where id = ${entry.id}`;
      assert.deepEqual({ ...object }, { object_type: "platform", object_id: "sso" });
      // an empty secret keeps the one stored
      assert.equal((await putPlatformProvider(ctx, admin, { ...settings, client_secret: "" })).status, 204);
      const [kept] = await ctx.sql<
        { client_secret_enc: string }[]
      >`select client_secret_enc from platform_sso`;
      assert.equal(kept.client_secret_enc, row.client_secret_enc);
    });

    await t.step("the login page offers it; a channel's provider for the same domain wins", async () => {
      const page = await (await ctx.request("/login?lang=en")).text();
      assert.ok(page.includes("Sign in with Group Directory"));
      assert.ok(page.includes('href="/sso/start?platform"'));
      const lookUp = async (email: string) =>
        (await jsonOf(await ctx.request(`/api/v1/auth/sso?email=${encodeURIComponent(email)}`))).provider;
      assert.deepEqual(await lookUp("operator@example.com"), { channel_id: null, name: "Group Directory" });
      assert.equal(await lookUp("someone@example.org"), null, "a domain it does not list");
      const manager = await staff.token("manager");
      assert.equal((await putProvider(ctx, staff.radio, manager, providerSettings(provider))).status, 204);
      assert.deepEqual(await lookUp("operator@example.com"), {
        channel_id: staff.radio,
        name: "Radio Directory",
      });
      const removed = await ctx.request(`/api/v1/channels/${staff.radio}/sso`, {
        method: "DELETE",
        token: manager,
      });
      assert.equal(removed.status, 204);
      assert.deepEqual(await lookUp("operator@example.com"), { channel_id: null, name: "Group Directory" });
    });

    await t.step(
      "code flow with PKCE: a channel's operator gets their own role and channel only",
      async () => {
        const before = await lastAuditId(ctx);
        const { sentTo, answer, flow } = await toProvider(ctx, provider, null, OPERATOR, {
          next: "/moderation",
        });
        assert.ok(sentTo.href.startsWith(provider.issuer), "off to the platform's provider");
        assert.equal(sentTo.searchParams.get("code_challenge_method"), "S256");
        assert.ok(sentTo.searchParams.get("code_challenge"));
        assert.ok(sentTo.searchParams.get("state") && sentTo.searchParams.get("nonce"));
        const res = await ctx.request(`${answer.pathname}${answer.search}`, {
          headers: { cookie: flow, "x-forwarded-for": "192.0.2.7" },
        });
        const { location, session } = await outcome(res);
        assert.equal(location, "/moderation");
        assert.ok(session);
        assert.deepEqual(await whoIs(ctx, session), {
          login: "operator",
          role: "operator",
          channel_id: staff.radio,
        });
        const denied = await ctx.request("/api/v1/platform/sso", { headers: { cookie: session } });
        await denied.body?.cancel();
        assert.equal(denied.status, 403, "signed in through the platform's provider, still an operator");
        const [row] = await ctx.sql<{ sso_platform: boolean; sso_channel_id: number | null }[]>`
        select sso_platform, sso_channel_id from sessions where revoked_at is null order by created_at desc limit 1`;
        assert.deepEqual({ ...row }, { sso_platform: true, sso_channel_id: null });
        const entries = await auditSince(ctx, before);
        assert.deepEqual(entries.map((e) => [e.action, e.actor_login, e.details]), [
          ["sign_in", "operator", { method: "sso" }],
        ]);
      },
    );

    await t.step(
      "an administrator of another channel and a super administrator sign in as they are",
      async () => {
        await ctx.sql`insert into users (login, email, role, channel_id, active, confirmed_at, password_hash)
        values ('tv-editor', 'tv-editor@example.com', 'administrator', ${staff.tv}, true, now(),
          ${await hashPassword("Demo-Password-1!")})`;
        const tv = await outcome(
          await signInThrough(ctx, provider, null, { email: "tv-editor@example.com", email_verified: true }),
        );
        assert.deepEqual(await whoIs(ctx, tv.session!), {
          login: "tv-editor",
          role: "administrator",
          channel_id: staff.tv,
        });
        const su = await outcome(
          await signInThrough(ctx, provider, null, { email: "admin@example.com", email_verified: true }),
        );
        assert.deepEqual(await whoIs(ctx, su.session!), {
          login: "admin",
          role: "super_administrator",
          channel_id: null,
        });
      },
    );

    await t.step("refused as a channel's provider refuses, audited on the platform's log", async () => {
      /** Signs in as `account` with ID tokens altered by `change`, then checks the refusal. */
      const refused = async (
        account: DirectoryAccount,
        reason: string,
        change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null,
      ) => {
        const before = await lastAuditId(ctx);
        provider.alterIdTokens(change);
        try {
          const { location, session } = await outcome(await signInThrough(ctx, provider, null, account));
          assert.equal(location, `/login?sso_error=${reason}`, reason);
          assert.equal(session, undefined, `${reason}: no session`);
        } finally {
          provider.alterIdTokens(null);
        }
        const [entry] = await auditSince(ctx, before);
        assert.equal(entry.action, "sign_in_failed");
        assert.equal(entry.channel_id, null);
        assert.deepEqual(entry.details, { method: "sso", reason });
      };
      await refused(OPERATOR, "sso_failed", (claims) => ({ ...claims, aud: "another-application" }));
      const now = Math.floor(Date.now() / 1000);
      await refused(OPERATOR, "sso_failed", (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
      await refused({ ...OPERATOR, email_verified: false }, "sso_email_unverified");
      const users = async () => (await ctx.sql`select id from users`).length;
      const count = await users();
      await refused({ email: "newcomer@example.com", email_verified: true }, "sso_no_account");
      assert.equal(await users(), count, "the platform's provider creates no account");
      await ctx.sql`update users set active = false where login = 'tv-editor'`;
      await refused({ email: "tv-editor@example.com", email_verified: true }, "account_inactive");

      // an answer to another sign-in's state, and an answer without the flow it started
      const { answer, flow } = await toProvider(ctx, provider, null, OPERATOR);
      const forged = new URL(answer);
      forged.searchParams.set("state", "another-sign-in");
      for (const cookie of [flow, ""]) {
        const sent = cookie ? forged : answer;
        const res = await ctx.request(`${sent.pathname}${sent.search}`, { headers: { cookie } });
        const { location, session } = await outcome(res);
        assert.equal(location, "/login?sso_error=sso_state");
        assert.equal(session, undefined);
      }
    });

    await t.step(
      "its groups make super administrators; a super administrator outside them is refused",
      async () => {
        const groups = { ...settings, client_secret: "", super_administrator_groups: "Platform team" };
        assert.equal((await putPlatformProvider(ctx, admin, groups)).status, 204);
        const mine = await ctx.sql`update users set active = true where login = 'tv-editor' returning id`;
        assert.equal(mine.length, 1);
        const before = await lastAuditId(ctx);
        const promoted = await outcome(
          await signInThrough(ctx, provider, null, {
            email: "tv-editor@example.com",
            email_verified: true,
            groups: ["Platform team"],
          }),
        );
        assert.equal((await whoIs(ctx, promoted.session!))?.role, "super_administrator");
        const changed = (await auditSince(ctx, before)).find((e) => e.action === "user_changed");
        assert.deepEqual(changed?.details, {
          fields: ["role"],
          role: "super_administrator",
          previous_role: "administrator",
          method: "sso_groups",
        });
        // an operator outside the groups keeps their own role
        const operator = await outcome(await signInThrough(ctx, provider, null, { ...OPERATOR, groups: [] }));
        assert.equal((await whoIs(ctx, operator.session!))?.role, "operator");
        // a super administrator outside them: refused, and the sessions still open end
        const open = await staff.token("admin");
        const refused = await outcome(
          await signInThrough(ctx, provider, null, {
            email: "admin@example.com",
            email_verified: true,
            groups: [],
          }),
        );
        assert.equal(refused.location, "/login?sso_error=sso_not_super_administrator");
        const still = await ctx.request("/api/v1/users/current", { token: open });
        await still.body?.cancel();
        assert.equal(still.status, 401, "the super administrator's open sessions ended");
        const page = await (await ctx.request("/login?sso_error=sso_not_super_administrator&lang=fr")).text();
        assert.ok(page.includes("aucun groupe de super administrateurs"), "said in the person's language");
      },
    );

    await t.step("signing out ends the session, then the sign-in at the provider", async () => {
      const jar: string[] = [];
      const { session } = await outcome(await signInThrough(ctx, provider, null, OPERATOR, jar));
      const out = await ctx.request("/logout", {
        method: "POST",
        headers: { cookie: session!, origin: "http://localhost" },
      });
      await out.body?.cancel();
      assert.equal(out.status, 303);
      const signOut = new URL(out.headers.get("location")!);
      assert.ok(signOut.href.startsWith(provider.issuer), "off to the provider's end_session_endpoint");
      assert.ok(signOut.searchParams.get("id_token_hint"));
      assert.equal(await whoIs(ctx, session!), null, "ended here before the provider is asked");
      const atProvider = await fetch(signOut, { headers: { cookie: jar.join("; ") } });
      await atProvider.body?.cancel();
      assert.equal(atProvider.status, 200, "the provider accepts the hint and the way back");
    });

    await t.step("a channel's required second factor is asked after it, unless it asks its own", async () => {
      const policy = await ctx.request("/api/v1/two-factor/policy", {
        method: "PUT",
        token: await staff.token("manager"),
        json: { scope: "channel", policy: "everyone" },
      });
      assert.equal(policy.status, 204);
      const res = await signInThrough(ctx, provider, null, OPERATOR);
      await res.body?.cancel();
      assert.equal(res.headers.get("location"), "/login");
      assert.equal(cookieOf(res, "im_session"), undefined, "no session before the second step");
      const { done } = await secondStepAfterProvider(ctx, res);
      const session = cookieOf(done, "im_session")!;
      assert.equal((await whoIs(ctx, session))?.login, "operator");
      const [row] = await ctx.sql<{ sso_platform: boolean }[]>`
        select sso_platform from sessions where revoked_at is null order by created_at desc limit 1`;
      assert.equal(
        row.sso_platform,
        true,
        "the session remembers the platform's provider, to sign out there",
      );

      const own = { ...settings, client_secret: "", provider_two_factor: true };
      assert.equal((await putPlatformProvider(ctx, await staff.token("admin"), own)).status, 204);
      const at = await outcome(await signInThrough(ctx, provider, null, OPERATOR));
      assert.equal(at.location, "/interactions");
      assert.ok(at.session, "the provider asks its own: the session opens at once");
    });

    await t.step("removed: no longer offered, and its sign-in is refused", async () => {
      const fresh = await staff.token("admin");
      const before = await lastAuditId(ctx);
      const removed = await ctx.request("/api/v1/platform/sso", { method: "DELETE", token: fresh });
      assert.equal(removed.status, 204);
      const [entry] = await auditSince(ctx, before);
      assert.deepEqual([entry.action, entry.channel_id, entry.details], [
        "sso_settings_changed",
        null,
        { fields: ["removed"] },
      ]);
      assert.ok(!(await (await ctx.request("/login?lang=en")).text()).includes("Group Directory"));
      const start = await ctx.request("/sso/start?platform");
      await start.body?.cancel();
      assert.equal(start.headers.get("location"), "/login?sso_error=not_found");
    });
  } finally {
    await close();
  }
});
