// A channel that requires two-factor sign-in gets it through single sign-on too: after a real OpenID
// provider (oidc-provider on 127.0.0.1) signs a member of staff in, the login page asks the local second
// factor (or its enrolment) before any session opens, unless the channel said its provider asks its own.
import assert from "node:assert/strict";
import { Secret, TOTP } from "otpauth";
import type { TestApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { type LocalProvider, throughProvider } from "../_oidc.ts";
import { CALLBACK, cookieOf, providerSettings, putProvider, ssoApp } from "../_sso_flow.ts";

const OPERATOR = { email: "operator@example.com", email_verified: true };

/** "Sign in with …", the provider, and the app's answer to the provider's redirect back. */
async function signInThroughProvider(ctx: TestApp, provider: LocalProvider, channel: number) {
  provider.signIn(OPERATOR);
  const start = await ctx.request(`/sso/start?channel=${channel}&next=/moderation`);
  assert.equal(start.status, 302);
  const answer = await throughProvider(start.headers.get("location")!, CALLBACK);
  return await ctx.request(`${answer.pathname}${answer.search}`, {
    headers: { cookie: cookieOf(start, "im_sso")! },
  });
}

/** The props the login page gives its island (what the browser's script starts from). */
function loginProps(html: string): { secondStep: { step: string; ticket: string } | null } {
  const props = html.match(/data-island="LoginPanel" data-props="([^"]*)"/)?.[1];
  assert.ok(props, "the login page holds its island");
  return JSON.parse(props.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&"));
}

const actions = async (ctx: TestApp) => [
  ...await ctx.sql<{ action: string; details: Record<string, string> }[]>`
    select action, details from audit_log where actor_login = 'operator' order by id`,
];

Deno.test("single sign-on - a channel requiring two-factor sign-in asks the local second factor after its provider", async (t) => {
  const { ctx, staff, provider, close } = await ssoApp();
  try {
    const manager = await staff.token("manager");
    const settings = { ...providerSettings(provider), password_sign_in: false };
    const saved = await putProvider(ctx, staff.radio, manager, settings);
    assert.equal(saved.status, 204);
    const read = await jsonOf(await ctx.request(`/api/v1/channels/${staff.radio}/sso`, { token: manager }));
    assert.equal(read.settings.provider_two_factor, false, "by default the local second factor is asked");
    const policy = await ctx.request("/api/v1/two-factor/policy", {
      method: "PUT",
      token: manager,
      json: { scope: "channel", policy: "everyone" },
    });
    assert.equal(policy.status, 204);

    let secret = "";
    await t.step(
      "without a factor: no session, the login page asks to enrol one, then opens it",
      async () => {
        const res = await signInThroughProvider(ctx, provider, staff.radio);
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), "/login?next=%2Fmoderation");
        assert.equal(cookieOf(res, "im_session"), undefined, "no session before the second step");
        const step = cookieOf(res, "im_sso_step");
        assert.ok(step, "the second step is handed to the login page in a cookie, never in the address");
        assert.ok(
          res.headers.getSetCookie().some((c) => c.startsWith("im_sso_step=") && /HttpOnly/i.test(c)),
        );
        assert.deepEqual(await actions(ctx), [], "nothing is signed in yet");

        const page = await ctx.request("/login?next=/moderation", { headers: { cookie: step! } });
        assert.equal(page.status, 200);
        assert.match(page.headers.get("content-type") ?? "", /text\/html/);
        const ticket = decodeURIComponent(step!.slice("im_sso_step=".length));
        assert.deepEqual(
          loginProps(await page.text()).secondStep,
          { step: "enrol", ticket },
          "the page resumes the sign-in at the enrolment, with its ticket",
        );
        assert.ok(
          page.headers.getSetCookie().some((c) =>
            c.startsWith("im_sso_step=;") || /im_sso_step=.*Max-Age=0/.test(c)
          ),
          "the ticket is handed once",
        );

        const enrol = await ctx.request("/api/v1/auth/second-step/enrol", {
          method: "POST",
          json: { ticket },
        });
        assert.equal(enrol.status, 200);
        secret = (await jsonOf(enrol)).secret;
        const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
        const done = await ctx.request("/api/v1/auth/second-step", {
          method: "POST",
          json: { ticket, code },
        });
        assert.equal(done.status, 200);
        const body = await jsonOf(done);
        assert.equal(body.recovery_codes.length, 10);
        assert.ok(cookieOf(done, "im_session"));
        assert.deepEqual((await actions(ctx)).map((a) => a.action), ["two_factor_enrolled", "sign_in"]);
      },
    );

    await t.step("with a factor: the code of the authenticator app is asked", async () => {
      // the next code of the app: the one of the enrolment was used
      const later = new Date(Date.now() + 30_000);
      ctx.deps.now = () => later;
      const res = await signInThroughProvider(ctx, provider, staff.radio);
      assert.equal(res.status, 302);
      assert.equal(cookieOf(res, "im_session"), undefined);
      const step = cookieOf(res, "im_sso_step")!;
      const html = await (await ctx.request("/login", { headers: { cookie: step } })).text();
      const ticket = decodeURIComponent(step.slice("im_sso_step=".length));
      assert.deepEqual(loginProps(html).secondStep, { step: "code", ticket });
      const wrong = await ctx.request("/api/v1/auth/second-step", {
        method: "POST",
        json: { ticket, code: "000000" },
      });
      assert.equal(wrong.status, 401);
      await wrong.body?.cancel();
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: later.getTime() });
      const done = await ctx.request("/api/v1/auth/second-step", { method: "POST", json: { ticket, code } });
      assert.equal(done.status, 200);
      await done.body?.cancel();
      assert.deepEqual((await actions(ctx)).slice(-2).map((a) => a.action), [
        "second_step_failed",
        "sign_in",
      ]);
      ctx.deps.now = undefined;
    });

    await t.step(
      "a forged ticket cookie shows the login form, never a second step nor an error",
      async () => {
        const page = await ctx.request("/login", { headers: { cookie: "im_sso_step=forged.ticket.value" } });
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.equal(html.includes("forged.ticket.value"), false);
        assert.equal(loginProps(html).secondStep, null);
      },
    );

    await t.step(
      "a channel whose provider asks its own second factor: the session opens at once",
      async () => {
        const set = await putProvider(ctx, staff.radio, manager, {
          ...settings,
          client_secret: "",
          provider_two_factor: true,
        });
        assert.equal(set.status, 204);
        const [changed] = await ctx.sql<{ details: { fields: string[] } }[]>`
        select details from audit_log where action = 'sso_settings_changed' order by id desc limit 1`;
        assert.deepEqual(changed.details.fields, ["provider_two_factor"]);
        const res = await signInThroughProvider(ctx, provider, staff.radio);
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), "/moderation");
        assert.ok(cookieOf(res, "im_session"));
        assert.equal(cookieOf(res, "im_sso_step"), undefined);
        assert.deepEqual((await actions(ctx)).at(-1)?.details, { method: "sso" });
      },
    );
  } finally {
    await close();
  }
});
