// Signing out of a session opened through a channel's OpenID provider (a real oidc-provider on 127.0.0.1)
// ends the sign-in at the provider too: the browser goes to its end_session_endpoint with the session's ID
// token and comes back to the bare /login, which says once that the person is logged out (a short-lived
// cookie, since the address registered at the provider holds no query). Without such an endpoint, or for a
// password session, local sign-out only.
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import type { TestApp } from "../_helpers.ts";
import {
  cookieOf,
  PUBLIC_URL,
  saveProvider,
  secondStepAfterProvider,
  signInThrough,
  ssoApp,
} from "../_sso_flow.ts";

const PASSWORD = "Demo-Password-1!";
const OPERATOR = { email: "operator@example.com", email_verified: true };

/** The app and its provider, the radio's provider settings saved. */
async function setUp(options: { signOut?: boolean } = {}) {
  const app = await ssoApp(options);
  await saveProvider(app.ctx, app.staff, app.provider);
  return app;
}

const logout = (ctx: TestApp, session: string) =>
  ctx.request("/logout", { method: "POST", headers: { cookie: session, origin: "http://localhost" } });

async function stillSignedIn(ctx: TestApp, session: string) {
  const res = await ctx.request("/api/v1/users/current", { headers: { cookie: session } });
  await res.body?.cancel();
  return res.status === 200;
}

Deno.test("single sign-on sign-out - a provider's session signs out at the provider, back to /login", async (t) => {
  const { ctx, staff, provider, close } = await setUp();
  try {
    const jar: string[] = [];
    let session = "";
    await t.step("the session remembers its provider, the ID token sealed", async () => {
      const res = await signInThrough(ctx, provider, staff.radio, OPERATOR, jar);
      session = cookieOf(res, "im_session")!;
      assert.ok(session);
      const [row] = await ctx.sql<{ sso_channel_id: number; id_token_enc: string }[]>`
        select sso_channel_id::int as sso_channel_id, id_token_enc from sessions where revoked_at is null
        order by created_at desc limit 1`;
      assert.equal(row.sso_channel_id, staff.radio);
      assert.ok(row.id_token_enc && !row.id_token_enc.startsWith("eyJ"), "not the token itself");
    });

    let signOut: URL;
    let note = "";
    await t.step("signing out ends the session and sends the browser to the provider", async () => {
      const asked = provider.discoveries();
      const res = await logout(ctx, session);
      assert.equal(res.status, 303);
      assert.equal(provider.discoveries(), asked, "the provider's discovery is kept from the sign-in");
      signOut = new URL(res.headers.get("location")!);
      const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
      assert.equal(`${signOut.origin}${signOut.pathname}`, discovery.end_session_endpoint);
      assert.equal(signOut.searchParams.get("post_logout_redirect_uri"), `${PUBLIC_URL}/login`);
      const hint = decodeJwt(signOut.searchParams.get("id_token_hint")!);
      assert.equal(hint.aud, provider.clientId);
      assert.equal(hint.iss, provider.issuer);
      assert.equal(hint.email, OPERATOR.email, "the ID token of this very sign-in");
      assert.ok(res.headers.getSetCookie().some((c) => /^im_session=;|im_session=.*Max-Age=0/.test(c)));
      assert.equal(await stillSignedIn(ctx, session), false, "ended here before the provider is asked");
      const set = res.headers.getSetCookie().find((c) => c.startsWith("im_signed_out="))!;
      assert.ok(set, "a note for the login page the provider sends the browser back to");
      assert.match(set, /HttpOnly/i);
      assert.match(set, /SameSite=Lax/i, "sent along with the provider's redirect back");
      assert.match(set, /Path=\/login/);
      assert.match(set, /Max-Age=600\b/, "short-lived: ten minutes to confirm at the provider");
      note = cookieOf(res, "im_signed_out")!;
    });

    await t.step("the provider takes the hint, signs out and sends the browser back to /login", async () => {
      const cookie = jar.join("; ");
      const page = await fetch(signOut!, { headers: { cookie } });
      assert.equal(page.status, 200, "the provider accepted the id_token_hint and the return address");
      const html = await page.text();
      const form = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
      assert.ok(form && xsrf, "the provider asks to confirm");
      const confirmed = await fetch(new URL(form, provider.issuer), {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ xsrf, logout: "yes" }),
      });
      await confirmed.body?.cancel();
      assert.equal(confirmed.status, 303);
      assert.equal(confirmed.headers.get("location"), `${PUBLIC_URL}/login`);
    });

    await t.step("back at /login, the page says once that the person is logged out", async () => {
      const back = await ctx.request("/login?lang=en", { headers: { cookie: note } });
      assert.equal(back.status, 200);
      assert.match(back.headers.get("content-type")!, /text\/html/);
      assert.match(await back.text(), /role="status">You are logged out\.</);
      assert.ok(
        back.headers.getSetCookie().some((c) =>
          /^im_signed_out=;.*Max-Age=0/.test(c) && /Path=\/login/.test(c)
        ),
        "the note is forgotten once read",
      );
      const again = await ctx.request("/login?lang=en");
      assert.equal(again.status, 200);
      // (the island's messages hold the text too: the notice is the paragraph that shows it)
      assert.doesNotMatch(
        await again.text(),
        /role="status">You are logged out/,
        "a reload no longer says it",
      );
    });

    await t.step("a password session signs out here only", async () => {
      const res = await ctx.request("/api/v1/auth", {
        method: "POST",
        json: { email: "manager@example.com", password: PASSWORD },
      });
      const password = cookieOf(res, "im_session")!;
      await res.body?.cancel();
      assert.ok(password);
      const out = await logout(ctx, password);
      assert.equal(out.headers.get("location"), "/login?logged_out");
      assert.equal(cookieOf(out, "im_signed_out"), undefined, "the address says it already");
      assert.equal(await stillSignedIn(ctx, password), false);
    });

    await t.step("a provider removed since: local sign-out only", async () => {
      const res = await signInThrough(ctx, provider, staff.radio, OPERATOR);
      const again = cookieOf(res, "im_session")!;
      await ctx.sql`delete from channel_sso where channel_id = ${staff.radio}`;
      const out = await logout(ctx, again);
      assert.equal(out.headers.get("location"), "/login?logged_out");
      assert.equal(await stillSignedIn(ctx, again), false);
    });
  } finally {
    await close();
  }
});

Deno.test("single sign-on sign-out - after the local second step, the session still remembers its provider", async () => {
  const { ctx, staff, provider, close } = await setUp();
  try {
    const policy = await ctx.request("/api/v1/two-factor/policy", {
      method: "PUT",
      token: await staff.token("manager"),
      json: { scope: "channel", policy: "everyone" },
    });
    assert.equal(policy.status, 204);
    const res = await signInThrough(ctx, provider, staff.radio, OPERATOR);
    assert.ok(
      res.headers.getSetCookie().some((c) => c.startsWith("im_sso_provider=") && /HttpOnly/i.test(c)),
    );
    const { done } = await secondStepAfterProvider(ctx, res);
    assert.ok(
      done.headers.getSetCookie().some((c) => /^im_sso_provider=;|im_sso_provider=.*Max-Age=0/.test(c)),
    );
    const out = await logout(ctx, cookieOf(done, "im_session")!);
    assert.ok(out.headers.get("location")!.startsWith(`${provider.issuer}/`), "off to the provider");
  } finally {
    await close();
  }
});

Deno.test("single sign-on sign-out - a provider without an end_session_endpoint: local sign-out only", async () => {
  const { ctx, staff, provider, close } = await setUp({ signOut: false });
  try {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    assert.equal(discovery.end_session_endpoint, undefined);
    const res = await signInThrough(ctx, provider, staff.radio, OPERATOR);
    const session = cookieOf(res, "im_session")!;
    const out = await logout(ctx, session);
    assert.equal(out.status, 303);
    assert.equal(out.headers.get("location"), "/login?logged_out");
    assert.equal(await stillSignedIn(ctx, session), false);
  } finally {
    await close();
  }
});
