// Single sign-on with OpenID Connect against a real provider (oidc-provider) started on 127.0.0.1: the code
// flow with PKCE, state and nonce signs in a verified e-mail of the channel's staff, and nothing else; a
// channel can turn password sign-in off; every outcome is in the audit log.
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import type { DirectoryAccount, LocalProvider } from "../_oidc.ts";
import { hashPassword } from "../../lib/platform/password.ts";
import {
  CALLBACK,
  cookieOf,
  providerSettings,
  putProvider,
  ssoApp,
  toProvider as toCallback,
} from "../_sso_flow.ts";

const PASSWORD = "Demo-Password-1!";

/**
 * Clicks "Sign in with …", signs in at the provider as `account`, and stops where the provider sends the
 * browser back: the answer's address and the flow cookie the app set.
 */
async function toProvider(ctx: TestApp, provider: LocalProvider, channel: number, account: DirectoryAccount) {
  const { sentTo, answer, flow } = await toCallback(ctx, provider, channel, account, { next: "/moderation" });
  assert.ok(sentTo.href.startsWith(provider.issuer), "off to the channel's provider");
  assert.equal(sentTo.searchParams.get("code_challenge_method"), "S256");
  assert.ok(sentTo.searchParams.get("state") && sentTo.searchParams.get("nonce"));
  return { answer, flow };
}

/** The app's handling of the provider's answer. */
function callback(ctx: TestApp, answer: URL, flow: string | null) {
  return ctx.request(`${answer.pathname}${answer.search}`, {
    headers: { ...(flow ? { cookie: flow } : {}), "x-forwarded-for": "192.0.2.7" },
  });
}

async function lastAudit(ctx: TestApp) {
  const [row] = await ctx.sql<
    { action: string; actor_login: string; channel_id: number; details: Record<string, string> }[]
  >`
    select action, actor_login, channel_id::int as channel_id, details from audit_log order by id desc limit 1`;
  return row;
}

Deno.test("single sign-on - a channel's OpenID provider signs in its staff by verified e-mail only", async (t) => {
  const { ctx, staff, provider, close } = await ssoApp();
  try {
    const manager = await staff.token("manager");
    await ctx.sql`insert into users (login, email, role, channel_id, active, confirmed_at, password_hash)
      values ('tv-editor', 'tv-editor@example.com', 'administrator', ${staff.tv}, true, now(),
        ${await hashPassword(PASSWORD)})`;
    const settings = providerSettings(provider);

    await t.step(
      "the administrator sets the provider; the secret is stored sealed and never read back",
      async () => {
        const saved = await putProvider(ctx, staff.radio, manager, settings);
        assert.equal(saved.status, 204);
        const [row] = await ctx
          .sql`select client_secret_enc from channel_sso where channel_id = ${staff.radio}`;
        assert.ok(!row.client_secret_enc.includes(provider.clientSecret));
        const read = await ctx.request(`/api/v1/channels/${staff.radio}/sso`, { token: manager });
        assert.equal(read.status, 200);
        const body = await jsonOf(read);
        assert.equal(body.settings.has_secret, true);
        assert.equal(body.redirect_uri, CALLBACK);
        assert.ok(!JSON.stringify(body).includes(provider.clientSecret));
        const audited = await lastAudit(ctx);
        assert.equal(audited.action, "sso_settings_changed");
        assert.ok((audited.details.fields as unknown as string[]).includes("client_secret"));
      },
    );

    await t.step("another channel's administrator cannot read nor set it", async () => {
      const other = await ctx.request(`/api/v1/channels/${staff.tv}/sso`, { token: manager });
      assert.equal(other.status, 403);
      await other.body?.cancel();
    });

    await t.step("an http issuer other than this machine's is refused", async () => {
      const res = await putProvider(ctx, staff.radio, manager, {
        ...settings,
        issuer: "http://login.example.org",
      });
      assert.equal(res.status, 400);
      assert.deepEqual((await jsonOf(res)).fields, { issuer: ["sso_issuer_https"] });
    });

    await t.step("the login page finds the provider of the e-mail's domain", async () => {
      const found = await ctx.request("/api/v1/auth/sso?email=Someone@Example.com");
      assert.equal(found.status, 200);
      assert.deepEqual(await jsonOf(found), {
        provider: { channel_id: staff.radio, name: "Radio Directory" },
      });
      // no provider is an answer, not a missing page: no error in the browser's console
      const none = await ctx.request("/api/v1/auth/sso?email=someone@elsewhere.org");
      assert.equal(none.status, 200);
      assert.match(none.headers.get("content-type") ?? "", /application\/json/);
      assert.deepEqual(await jsonOf(none), { provider: null });
      const page = await ctx.request(`/login?sso=${staff.radio}`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Radio Directory/);
    });

    let signedIn: { answer: URL; flow: string } | null = null;
    await t.step(
      "a verified e-mail of the channel's staff signs in, and lands where it was going",
      async () => {
        const { answer, flow } = await toProvider(ctx, provider, staff.radio, {
          email: "operator@example.com",
          email_verified: true,
        });
        const res = await callback(ctx, answer, flow);
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), "/moderation");
        const session = cookieOf(res, "im_session");
        assert.ok(session, "a session is opened");
        const me = await ctx.request("/api/v1/users/current", { headers: { cookie: session! } });
        assert.equal(me.status, 200);
        assert.equal((await jsonOf(me)).login, "operator");
        assert.deepEqual(
          { ...await lastAudit(ctx) },
          { action: "sign_in", actor_login: "operator", channel_id: staff.radio, details: { method: "sso" } },
        );

        signedIn = { answer, flow };
      },
    );

    await t.step("the same answer played again is refused (the code is used once)", async () => {
      const again = await callback(ctx, signedIn!.answer, signedIn!.flow);
      assert.equal(again.status, 302);
      assert.equal(again.headers.get("location"), "/login?sso_error=sso_failed");
      assert.equal(cookieOf(again, "im_session"), undefined);
    });

    await t.step("an answer with another state is refused", async () => {
      const { answer, flow } = await toProvider(ctx, provider, staff.radio, {
        email: "operator@example.com",
        email_verified: true,
      });
      answer.searchParams.set("state", "forged-state");
      const res = await callback(ctx, answer, flow);
      assert.equal(res.headers.get("location"), "/login?sso_error=sso_state");
      assert.equal(cookieOf(res, "im_session"), undefined);
      assert.equal((await lastAudit(ctx)).details.reason, "sso_state");
    });

    await t.step("an answer without the flow this browser started is refused", async () => {
      const { answer } = await toProvider(ctx, provider, staff.radio, {
        email: "operator@example.com",
        email_verified: true,
      });
      const res = await callback(ctx, answer, null);
      assert.equal(res.headers.get("location"), "/login?sso_error=sso_state");
    });

    await t.step("a sign-in left at the provider past its ten minutes is refused", async () => {
      const { answer, flow } = await toProvider(ctx, provider, staff.radio, {
        email: "operator@example.com",
        email_verified: true,
      });
      ctx.deps.now = () => new Date(Date.now() + 11 * 60_000);
      try {
        const res = await callback(ctx, answer, flow);
        assert.equal(res.headers.get("location"), "/login?sso_error=sso_state");
      } finally {
        ctx.deps.now = undefined;
      }
    });

    const refusals: [string, DirectoryAccount, string][] = [
      [
        "an e-mail the provider did not verify",
        { email: "operator@example.com", email_verified: false },
        "sso_email_unverified",
      ],
      [
        "a staff member of another channel",
        { email: "tv-editor@example.com", email_verified: true },
        "sso_other_channel",
      ],
      ["the super administrator", { email: "admin@example.com", email_verified: true }, "sso_other_channel"],
      [
        "an e-mail without an account",
        { email: "newcomer@example.com", email_verified: true },
        "sso_no_account",
      ],
    ];
    for (const [who, account, reason] of refusals) {
      await t.step(`${who} is not signed in`, async () => {
        const { answer, flow } = await toProvider(ctx, provider, staff.radio, account);
        const res = await callback(ctx, answer, flow);
        assert.equal(res.headers.get("location"), `/login?sso_error=${reason}`);
        assert.equal(cookieOf(res, "im_session"), undefined);
        const audited = await lastAudit(ctx);
        assert.equal(audited.action, "sign_in_failed");
        assert.equal(audited.channel_id, staff.radio);
        assert.deepEqual(audited.details, { method: "sso", reason });
      });
    }
    assert.equal((await ctx.sql`select 1 from users where email = 'newcomer@example.com'`).length, 0);

    await t.step(
      "an e-mail without an account becomes an operator when the administrator allowed it",
      async () => {
        const saved = await putProvider(ctx, staff.radio, manager, {
          ...settings,
          client_secret: "",
          create_accounts: true,
        });
        assert.equal(saved.status, 204);
        const { answer, flow } = await toProvider(ctx, provider, staff.radio, {
          email: "newcomer@example.com",
          email_verified: true,
        });
        const res = await callback(ctx, answer, flow);
        assert.equal(res.headers.get("location"), "/moderation");
        const [user] = await ctx.sql`select login, role, channel_id::int as channel_id from users
        where email = 'newcomer@example.com'`;
        assert.deepEqual({ ...user }, { login: "newcomer", role: "operator", channel_id: staff.radio });
        const actions = await ctx
          .sql`select action from audit_log where actor_login = 'newcomer' order by id`;
        assert.deepEqual(actions.map((a) => a.action), ["user_created", "sign_in"]);
      },
    );

    await t.step(
      "password sign-in turned off: the channel's staff are refused, other channels' are not",
      async () => {
        const saved = await putProvider(ctx, staff.radio, manager, {
          ...settings,
          client_secret: "",
          password_sign_in: false,
        });
        assert.equal(saved.status, 204);
        const refused = await ctx.request("/api/v1/auth", {
          method: "POST",
          json: { email: "operator@example.com", password: PASSWORD },
        });
        assert.equal(refused.status, 403);
        assert.equal((await jsonOf(refused)).code, "password_sign_in_off");
        const tv = await ctx.request("/api/v1/auth", {
          method: "POST",
          json: { email: "tv-editor@example.com", password: PASSWORD },
        });
        assert.equal(tv.status, 200);
        await tv.body?.cancel();
        const admin = await ctx.request("/api/v1/auth", {
          method: "POST",
          json: { email: "admin@example.com", password: PASSWORD },
        });
        assert.equal(admin.status, 200, "the super administrator belongs to no channel");
        await admin.body?.cancel();
      },
    );

    await t.step("removing the provider gives password sign-in back", async () => {
      const removed = await ctx.request(`/api/v1/channels/${staff.radio}/sso`, {
        method: "DELETE",
        token: manager,
      });
      assert.equal(removed.status, 204);
      const res = await ctx.request("/api/v1/auth", {
        method: "POST",
        json: { email: "operator@example.com", password: PASSWORD },
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
    });
  } finally {
    await close();
  }
});
