// A staff session that a channel's OpenID provider opened remembers that provider, so that signing out
// ends the sign-in there too. When the local second step comes between the provider's answer and the
// session, the provider waits in a sealed HttpOnly cookie scoped to the sign-in API, read once. Signing out
// through the provider leaves a note for the login page the provider sends the browser back to.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./env.ts";
import { setSessionCookie } from "./auth.ts";
import { pendingProviderOf, sealPendingProvider, type SessionProvider } from "../lib/accounts/sso.ts";
import { openProviderSession, openSession } from "../lib/platform/sessions.ts";
import { SECOND_STEP_TTL_SECONDS } from "../lib/rules/two_factor.ts";
import { SSO_SIGNED_OUT_NOTICE_SECONDS } from "../lib/rules/sso.ts";

const PENDING_COOKIE = "im_sso_provider";
const PENDING_PATH = "/api/v1/auth";
// the provider's sign-out returns to the bare /login (the address registered there), so the notice the
// local sign-out puts in the address (?logged_out) waits in a cookie instead
const SIGNED_OUT_COOKIE = "im_signed_out";
const SIGNED_OUT_PATH = "/login";

const secure = (c: Context<AppEnv>) =>
  new URL(c.req.url).protocol === "https:" || c.var.deps.config.APP_ENV === "production";

const nowOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date();

/** Keeps the provider of a sign-in until its second step opens the session. */
export async function keepProviderForSecondStep(
  c: Context<AppEnv>,
  userId: number,
  provider: SessionProvider,
): Promise<void> {
  setCookie(c, PENDING_COOKIE, await sealPendingProvider(c.var.deps.jwtSecret, userId, provider, nowOf(c)), {
    httpOnly: true,
    sameSite: "Lax",
    path: PENDING_PATH,
    secure: secure(c),
    maxAge: SECOND_STEP_TTL_SECONDS,
  });
}

/**
 * Opens the staff session once the second step is given, remembering the provider when the sign-in came
 * through one; sets the session cookie and returns the token.
 */
export async function openSessionAfterSecondStep(c: Context<AppEnv>, userId: number): Promise<string> {
  const sealed = getCookie(c, PENDING_COOKIE);
  if (sealed !== undefined) deleteCookie(c, PENDING_COOKIE, { path: PENDING_PATH });
  const { sql, deps } = c.var;
  const provider = await pendingProviderOf(deps.jwtSecret, sealed, userId, nowOf(c));
  const token = provider
    ? await openProviderSession(sql, deps.jwtSecret, userId, provider)
    : await openSession(sql, deps.jwtSecret, userId, "staff");
  setSessionCookie(c, token);
  return token;
}

/** Before the browser goes to the provider's sign-out: the login page it comes back to says it is logged out. */
export function noteSignedOutAtProvider(c: Context<AppEnv>): void {
  setCookie(c, SIGNED_OUT_COOKIE, "1", {
    httpOnly: true,
    sameSite: "Lax",
    path: SIGNED_OUT_PATH,
    secure: secure(c),
    maxAge: SSO_SIGNED_OUT_NOTICE_SECONDS,
  });
}

/** Whether the login page is the one back from the provider's sign-out; the note is forgotten at once. */
export function takeSignedOutAtProvider(c: Context<AppEnv>): boolean {
  if (getCookie(c, SIGNED_OUT_COOKIE) === undefined) return false;
  deleteCookie(c, SIGNED_OUT_COOKIE, { path: SIGNED_OUT_PATH });
  return true;
}
