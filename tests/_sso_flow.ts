// Driving a single sign-on through the app and the local provider (tests/_oidc.ts) with fetch alone: the app
// and its provider started, the channel's provider settings saved, the "Sign in with …" click, the provider's
// screens, the app's answer, and the audit entries it left; and the same settings typed on the sign-in page.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { demoStaff, type TestApp, testApp } from "./_helpers.ts";
import { type DirectoryAccount, type LocalProvider, startProvider } from "./_oidc.ts";
import { ssoStartAddress } from "../lib/rules/sso.ts";
import { Secret, TOTP } from "otpauth";
import { jsonOf } from "./_fixtures.ts";

export const PUBLIC_URL = "http://im.test";
export const CALLBACK = `${PUBLIC_URL}/sso/callback`;

/** The cookie pair of a Set-Cookie header (name=value), when it sets a value. */
export const cookieOf = (res: Response, name: string) =>
  res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) =>
    c.startsWith(`${name}=`) && c.length > name.length + 1
  );

/**
 * The app on a fresh database holding the demo (every demo account with the password `Demo-Password-1!`),
 * published at PUBLIC_URL, a local provider coming back to its CALLBACK (`signOut: false`: without an
 * end_session_endpoint), and the demo staff. `close` ends both, the provider even if the test stopped it.
 */
export async function ssoApp(options: { signOut?: boolean } = {}) {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!", env: { PUBLIC_URL } });
  const provider = await startProvider(CALLBACK, options);
  const close = async () => {
    await provider.close().catch(() => {});
    await ctx.close();
  };
  try {
    return { ctx, provider, staff: await demoStaff(ctx), close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** A channel's settings for `provider`: its button "Radio Directory", the addresses of example.com. */
export const providerSettings = (provider: LocalProvider) => ({
  display_name: "Radio Directory",
  issuer: provider.issuer,
  client_id: provider.clientId,
  client_secret: provider.clientSecret,
  email_domains: "example.com",
  password_sign_in: true,
  create_accounts: false,
});

/** The platform's settings for `provider`: its button "Group Directory", the addresses of example.com. */
export const platformSettings = (provider: LocalProvider) => ({
  display_name: "Group Directory",
  issuer: provider.issuer,
  client_id: provider.clientId,
  client_secret: provider.clientSecret,
  email_domains: "example.com",
});

/** Writes the platform's provider settings (PUT /api/v1/platform/sso) as `token`: the app's answer. */
export const putPlatformProvider = (ctx: TestApp, token: string, json: Record<string, unknown>) =>
  ctx.request("/api/v1/platform/sso", { method: "PUT", token, json });

/** Writes a channel's provider settings (PUT /api/v1/channels/:id/sso) as `token`: the app's answer. */
export const putProvider = (ctx: TestApp, channel: number, token: string, json: Record<string, unknown>) =>
  ctx.request(`/api/v1/channels/${channel}/sso`, { method: "PUT", token, json });

/** Saves the radio's provider settings (providerSettings, with `changes`) as its manager. */
export async function saveProvider(
  ctx: TestApp,
  staff: { radio: number; token: (login: string) => Promise<string> },
  provider: LocalProvider,
  changes: Record<string, unknown> = {},
) {
  const saved = await putProvider(ctx, staff.radio, await staff.token("manager"), {
    ...providerSettings(provider),
    ...changes,
  });
  assert.equal(saved.status, 204);
}

/**
 * Clicks "Sign in with …" of the channel's provider (the platform's: null; on to `next` once signed in, if given), signs in at the provider as `account`, and
 * stops where the provider sends the browser back: where the app sent the browser, the provider's answer and
 * the flow cookie the app set. `jar` is filled with the provider's cookies (its own session).
 */
export async function toProvider(
  ctx: TestApp,
  provider: LocalProvider,
  channel: number | null,
  account: DirectoryAccount,
  { next: then, jar = [] }: { next?: string; jar?: string[] } = {},
): Promise<{ sentTo: URL; answer: URL; flow: string }> {
  provider.signIn(account);
  const start = await ctx.request(ssoStartAddress(channel, then ?? null));
  assert.equal(start.status, 302);
  const flow = cookieOf(start, "im_sso");
  assert.ok(flow, "the flow is kept in a cookie");
  let next = start.headers.get("location")!;
  const sentTo = new URL(next);
  for (let hop = 0; hop < 10 && !next.startsWith(CALLBACK); hop++) {
    const res = await fetch(next, { redirect: "manual", headers: { cookie: jar.join("; ") } });
    await res.body?.cancel();
    for (const c of res.headers.getSetCookie()) jar.push(c.split(";")[0]);
    next = new URL(res.headers.get("location")!, next).href;
  }
  assert.ok(next.startsWith(CALLBACK), "the provider sends the browser back");
  return { sentTo, answer: new URL(next), flow };
}

/**
 * Signs in at the channel's provider (the platform's: null) as `account` and plays its answer to the app:
 * the app's response.
 */
export async function signInThrough(
  ctx: TestApp,
  provider: LocalProvider,
  channel: number | null,
  account: DirectoryAccount,
  /** Filled with the provider's cookies (its own session), for signing out there afterwards. */
  jar: string[] = [],
): Promise<Response> {
  const { answer, flow } = await toProvider(ctx, provider, channel, account, { jar });
  return await ctx.request(`${answer.pathname}${answer.search}`, {
    headers: { cookie: flow, "x-forwarded-for": "192.0.2.7" },
  });
}

/**
 * Passes the second step a provider's sign-in (`res`, the app's answer to it) waits for, as someone without a
 * second factor yet: enrols a time-based code and sends it with the cookie that keeps the provider. Returns
 * the answer that opens the session, and the cookie that kept the provider meanwhile.
 */
export async function secondStepAfterProvider(ctx: TestApp, res: Response) {
  const step = cookieOf(res, "im_sso_step")!;
  const kept = cookieOf(res, "im_sso_provider")!;
  assert.ok(step && kept, "the provider waits for the second step in a cookie");
  const ticket = decodeURIComponent(step.slice("im_sso_step=".length));
  const enrol = await ctx.request("/api/v1/auth/second-step/enrol", { method: "POST", json: { ticket } });
  const code = TOTP.generate({ secret: Secret.fromBase32((await jsonOf(enrol)).secret) });
  const done = await ctx.request("/api/v1/auth/second-step", {
    method: "POST",
    json: { ticket, code },
    headers: { cookie: kept },
  });
  assert.equal(done.status, 200);
  await done.body?.cancel();
  return { done, kept };
}

/** Types `provider`'s settings on the channel's sign-in page, as its administrator does; not yet saved. */
export async function fillProviderForm(page: Page, provider: LocalProvider) {
  await page.fill("#sso-display_name", "Radio Directory");
  await page.fill("#sso-issuer", provider.issuer);
  await page.fill("#sso-client_id", provider.clientId);
  await page.fill("#sso-client_secret", provider.clientSecret);
  await page.fill("#sso-email_domains", "example.com");
}

/** The audit entries after `afterId`, oldest first. */
export async function auditSince(ctx: TestApp, afterId: number) {
  return await ctx.sql<
    {
      id: number;
      action: string;
      actor_login: string | null;
      channel_id: number | null;
      details: Record<string, unknown>;
    }[]
  >`select id::int as id, action, actor_login, channel_id::int as channel_id, details from audit_log
    where id > ${afterId} order by id`;
}

/** The id of the newest audit entry (0 when there is none). */
export async function lastAuditId(ctx: TestApp): Promise<number> {
  const [row] = await ctx.sql<{ id: number }[]>`select coalesce(max(id), 0)::int as id from audit_log`;
  return row.id;
}
