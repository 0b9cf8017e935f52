// Driving a single sign-on through the app and the local provider (tests/_oidc.ts) with fetch alone: the
// "Sign in with …" click, the provider's screens, the app's answer, and the audit entries it left.
import assert from "node:assert/strict";
import type { TestApp } from "./_helpers.ts";
import type { DirectoryAccount, LocalProvider } from "./_oidc.ts";

export const PUBLIC_URL = "http://im.test";
export const CALLBACK = `${PUBLIC_URL}/sso/callback`;

/** The cookie pair of a Set-Cookie header (name=value), when it sets a value. */
export const cookieOf = (res: Response, name: string) =>
  res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) =>
    c.startsWith(`${name}=`) && c.length > name.length + 1
  );

/** Signs in at the channel's provider as `account` and plays its answer to the app: the app's response. */
export async function signInThrough(
  ctx: TestApp,
  provider: LocalProvider,
  channel: number,
  account: DirectoryAccount,
  /** Filled with the provider's cookies (its own session), for signing out there afterwards. */
  jar: string[] = [],
): Promise<Response> {
  provider.signIn(account);
  const start = await ctx.request(`/sso/start?channel=${channel}`);
  assert.equal(start.status, 302);
  const flow = cookieOf(start, "im_sso");
  assert.ok(flow, "the flow is kept in a cookie");
  let next = start.headers.get("location")!;
  for (let hop = 0; hop < 10 && !next.startsWith(CALLBACK); hop++) {
    const res = await fetch(next, { redirect: "manual", headers: { cookie: jar.join("; ") } });
    await res.body?.cancel();
    for (const c of res.headers.getSetCookie()) jar.push(c.split(";")[0]);
    next = new URL(res.headers.get("location")!, next).href;
  }
  assert.ok(next.startsWith(CALLBACK), "the provider sends the browser back");
  const answer = new URL(next);
  return await ctx.request(`${answer.pathname}${answer.search}`, {
    headers: { cookie: flow!, "x-forwarded-for": "192.0.2.7" },
  });
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
