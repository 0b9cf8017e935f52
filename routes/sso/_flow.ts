// The sealed cookie that carries a single sign-on between the redirect to the provider and its answer
// (private: not a route). Lax, so the provider's redirect back brings it; scoped to /sso.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../app/env.ts";
import { SSO_FLOW_TTL_MS } from "../../lib/rules/sso.ts";
import { SECOND_STEP_TTL_SECONDS } from "../../lib/rules/two_factor.ts";
import type { SsoContext } from "../../lib/accounts/sso.ts";
import { publicUrl } from "../../lib/platform/config.ts";

const FLOW_COOKIE = "im_sso";
// the second step left after the provider's sign-in, handed to the login page only (never in an address)
const SECOND_STEP_COOKIE = "im_sso_step";

const secure = (c: Context<AppEnv>) =>
  new URL(c.req.url).protocol === "https:" || c.var.deps.config.APP_ENV === "production";

export function setFlowCookie(c: Context<AppEnv>, flow: string): void {
  setCookie(c, FLOW_COOKIE, flow, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/sso",
    secure: secure(c),
    maxAge: SSO_FLOW_TTL_MS / 1000,
  });
}

/** The second-step ticket of a provider's sign-in, for the login page to ask the code (or the enrolment). */
export function setSecondStepCookie(c: Context<AppEnv>, ticket: string): void {
  setCookie(c, SECOND_STEP_COOKIE, ticket, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/login",
    secure: secure(c),
    maxAge: SECOND_STEP_TTL_SECONDS,
  });
}

/** The ticket the login page resumes the sign-in with, forgotten at once (a reload starts again). */
export function takeSecondStepCookie(c: Context<AppEnv>): string | undefined {
  const ticket = getCookie(c, SECOND_STEP_COOKIE);
  if (ticket !== undefined) deleteCookie(c, SECOND_STEP_COOKIE, { path: "/login" });
  return ticket;
}

/** The flow of the request, forgotten at once: an answer is read once. */
export function takeFlowCookie(c: Context<AppEnv>): string | undefined {
  const flow = getCookie(c, FLOW_COOKIE);
  deleteCookie(c, FLOW_COOKIE, { path: "/sso" });
  return flow;
}

export function ssoContext(c: Context<AppEnv>): SsoContext {
  const deps = c.var.deps;
  return {
    sql: c.var.sql,
    jwtSecret: deps.jwtSecret,
    baseUrl: publicUrl(deps.config),
    now: deps.now?.() ?? new Date(),
  };
}
