// What a provider can get wrong, or refuse, during a single sign-on, each caused by a real OpenID provider
// (oidc-provider on 127.0.0.1) made to misbehave: ID tokens signed with its own key but for another
// audience, expired, with another nonce or another issuer; a refusal at the provider; a provider gone
// before its answer is read. Each one is refused with a reason the login page says in the staff's
// language, audited under the channel, and never opens a session nor answers a 500.
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers.ts";
import { throughProvider } from "../_oidc.ts";
import { CALLBACK, saveProvider, ssoApp } from "../_sso_flow.ts";
const OPERATOR = { email: "operator@example.com", email_verified: true };

const hasCookie = (res: Response, name: string) =>
  res.headers.getSetCookie().some((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));

/** "Sign in with …", the provider, and the provider's answer as it comes back (not yet read by the app). */
async function answerOf(ctx: TestApp, channel: number) {
  const start = await ctx.request(`/sso/start?channel=${channel}`);
  assert.equal(start.status, 302);
  const flow = start.headers.getSetCookie().find((c) => c.startsWith("im_sso="))!.split(";")[0];
  const answer = await throughProvider(start.headers.get("location")!, CALLBACK);
  return () =>
    ctx.request(`${answer.pathname}${answer.search}`, {
      headers: { cookie: flow, "x-forwarded-for": "192.0.2.9" },
    });
}

/** The last audit entry. */
async function lastAudit(ctx: TestApp) {
  const [row] = await ctx.sql<
    { action: string; channel_id: number; address: string; details: Record<string, string> }[]
  >`select action, channel_id::int as channel_id, address, details from audit_log order by id desc limit 1`;
  return { ...row };
}

Deno.test("single sign-on - a misbehaving or refusing provider is refused plainly, audited, never a 500", async (t) => {
  const { ctx, staff, provider, close } = await ssoApp();
  try {
    await saveProvider(ctx, staff, provider);

    /** Signs in as the operator with ID tokens altered by `change`, and checks the refusal. */
    const refused = async (change: (claims: Record<string, unknown>) => Record<string, unknown>) => {
      provider.signIn(OPERATOR);
      provider.alterIdTokens(change);
      try {
        const res = await (await answerOf(ctx, staff.radio))();
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), "/login?sso_error=sso_failed");
        assert.equal(hasCookie(res, "im_session"), false, "no session");
        assert.deepEqual(await lastAudit(ctx), {
          action: "sign_in_failed",
          channel_id: staff.radio,
          address: "192.0.2.9",
          details: { method: "sso", reason: "sso_failed" },
        });
      } finally {
        provider.alterIdTokens(null);
      }
    };

    await t.step(
      "the provider as it is signs in (the refusals below come from the alterations)",
      async () => {
        provider.signIn(OPERATOR);
        const res = await (await answerOf(ctx, staff.radio))();
        assert.equal(res.status, 302);
        assert.ok(hasCookie(res, "im_session"));
      },
    );
    await t.step("an ID token issued for another application (audience) is refused", async () => {
      await refused((claims) => ({ ...claims, aud: "another-application" }));
    });
    await t.step("an expired ID token is refused", async () => {
      const now = Math.floor(Date.now() / 1000);
      await refused((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
    });
    await t.step("an ID token with another sign-in's nonce is refused", async () => {
      await refused((claims) => ({ ...claims, nonce: "a-nonce-of-another-sign-in" }));
    });
    await t.step("an ID token of another issuer is refused", async () => {
      await refused((claims) => ({ ...claims, iss: "https://login.example.org" }));
    });

    await t.step(
      "a sign-in the provider refuses itself: said so, with the provider's code in the log",
      async () => {
        provider.signIn(null);
        const res = await (await answerOf(ctx, staff.radio))();
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), "/login?sso_error=sso_denied");
        assert.equal(hasCookie(res, "im_session"), false);
        assert.deepEqual((await lastAudit(ctx)).details, {
          method: "sso",
          reason: "sso_denied",
          provider_error: "access_denied",
        });
      },
    );

    await t.step("the login page says each refusal in the staff's language", async () => {
      const texts = {
        en: "Your sign-in provider did not let you in.",
        fr: "Votre fournisseur de connexion ne vous a pas laissé entrer.",
        pl: "Dostawca logowania odmówił wejścia.",
      };
      for (const [lang, text] of Object.entries(texts)) {
        const page = await ctx.request("/login?sso_error=sso_denied", {
          headers: { "accept-language": lang },
        });
        assert.equal(page.status, 200);
        assert.ok((await page.text()).includes(text), lang);
      }
      const failed = await ctx.request("/login?sso_error=sso_failed", {
        headers: { "accept-language": "es" },
      });
      assert.ok((await failed.text()).includes("No se pudo verificar la respuesta de su proveedor"));
    });

    await t.step("a provider gone before its answer is read: unavailable, not a 500", async () => {
      provider.signIn(OPERATOR);
      const answer = await answerOf(ctx, staff.radio);
      await provider.close();
      const res = await answer();
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "/login?sso_error=sso_unavailable");
      assert.deepEqual((await lastAudit(ctx)).details, { method: "sso", reason: "sso_unavailable" });
    });
  } finally {
    await close();
  }
});
