// Who is asking: the staff session or the visitor token of a request, the page and API guards that
// require one, and the same-origin check of cookie-authenticated writes.
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { getSessionStaffUser, visitorSessionLive } from "../db/sessions.ts";
import { SESSION_COOKIE, STAFF_TOKEN_TTL_SECONDS, verifyTokenClaims } from "../lib/platform/auth.ts";
import { AppError } from "../lib/rules/errors.ts";
import { loginAddress } from "../lib/rules/accounts.ts";
import {
  isSuperAdministrator,
  type Permission,
  requireAccess,
  type StaffUser,
} from "../lib/rules/permissions.ts";
import type { AppEnv } from "./env.ts";
import type { Config } from "../lib/platform/config.ts";
import {
  clientAddressOf,
  isLoopbackAddress,
  limitKeyOf,
  parseTrustProxy,
  singleProxyWatch,
  type TrustProxy,
} from "../lib/rules/client_address.ts";
import { log } from "../lib/platform/log.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Reads the caller: a staff session from the bearer token or the session cookie, or a visitor from
 * a bearer token of the visitor audience. Cookie-authenticated writes must come from our own origin.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("user", null);
    c.set("appUserId", null);
    c.set("sessionId", null);
    const header = c.req.header("authorization");
    const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1];
    // c.get, not c.var: each read of c.var copies every variable of the request
    const secret = c.get("deps").jwtSecret;
    const sql = c.get("sql");
    // Each token names its server-side session (lib/platform/sessions.ts): one indexed lookup, joined with the
    // staff user, tells whether it was revoked (logout, password change) before it expired.
    if (bearer) {
      const staff = await verifyTokenClaims(secret, bearer, "staff");
      if (staff) {
        const user = await getSessionStaffUser(sql, staff.sessionId, staff.subject);
        c.set("user", user);
        if (user) c.set("sessionId", staff.sessionId);
      } else {
        const visitor = await verifyTokenClaims(secret, bearer, "visitor");
        if (visitor && await visitorSessionLive(sql, visitor.sessionId, visitor.subject)) {
          c.set("appUserId", visitor.subject);
          c.set("sessionId", visitor.sessionId);
        }
      }
    } else {
      const cookie = getCookie(c, SESSION_COOKIE);
      const staff = cookie ? await verifyTokenClaims(secret, cookie, "staff") : null;
      if (staff) {
        if (!SAFE_METHODS.has(c.req.method) && !sameOrigin(c)) throw new AppError(403, "cross_origin");
        const user = await getSessionStaffUser(sql, staff.sessionId, staff.subject);
        c.set("user", user);
        if (user) c.set("sessionId", staff.sessionId);
      }
    }
    await next();
  };
}

function sameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("origin") ?? c.req.header("referer");
  if (!origin) return false;
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false;
  }
}

/** The staff user of the request, or a 401. */
export function staffOf(c: Context<AppEnv>): StaffUser {
  const user = c.var.user;
  if (!user) throw new AppError(401, "unauthorized");
  return user;
}

/** Middleware: a staff session holding every given permission (401 without a session, 403 without the right). */
export function requireStaff(...permissions: Permission[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = staffOf(c);
    for (const permission of permissions) requireAccess(user, permission);
    await next();
  };
}

/** The visitor (app user) id of the request, or a 401. */
export function appUserOf(c: Context<AppEnv>): number {
  const id = c.var.appUserId;
  if (!id) throw new AppError(401, "unauthorized");
  return id;
}

/**
 * Middleware for back-office pages: without a staff session, redirect to /login (spec: a 401 on the
 * current user sends to /login), keeping where the user was going.
 */
export function requirePage(...permissions: Permission[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) {
      const url = new URL(c.req.url);
      return c.redirect(loginAddress(url.pathname + url.search), 302);
    }
    for (const permission of permissions) requireAccess(user, permission);
    await next();
  };
}

/** Keeps a staff token in the HttpOnly, SameSite=Lax session cookie the pages read (DESIGN.md "Auth"). */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: new URL(c.req.url).protocol === "https:" || c.var.deps.config.APP_ENV === "production",
    maxAge: STAFF_TOKEN_TTL_SECONDS,
  });
}

/** Forgets the session cookie (logout). */
export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

/**
 * The caller's address as caps and throttles count it (lib/rules/client_address.ts limitKeyOf: IPv6 by its
 * /64), read by the one rule of TRUST_PROXY; "unknown" in tests that hand no connection in.
 */
export function clientIp(c: Context<AppEnv>): string {
  return clientAddress(c.get("deps").config, c.req.header("x-forwarded-for"), c.env);
}

interface AddressReader {
  trust: TrustProxy;
  watch: ReturnType<typeof singleProxyWatch>;
}
const readers = new WeakMap<Config, AddressReader>();

/**
 * The caller's address from what a request carries, for every reader of it (the chain, the vote front):
 * the right-most X-Forwarded-For hop no trusted proxy wrote (TRUST_PROXY), else the socket's peer, keyed
 * for limits. `env` is what the server hands the app with the request (Deno.serve's handler info). While
 * TRUST_PROXY is off, a run of requests from one private address with X-Forwarded-For logs once that a
 * proxy hides the clients.
 */
export function clientAddress(config: Config, forwardedFor: string | null | undefined, env: unknown): string {
  return limitKeyOf(resolvedAddress(config, forwardedFor, env));
}

/**
 * The caller's address itself (not keyed), as the trusted proxy resolution gives it: what the audit log
 * records. Null when the request came without a connection (tests).
 */
export function requestAddress(c: Context<AppEnv>): string | null {
  return resolvedAddress(c.get("deps").config, c.req.header("x-forwarded-for"), c.env);
}

/** The caller's address itself (not keyed), null when the request came without a connection (tests). */
function resolvedAddress(
  config: Config,
  forwardedFor: string | null | undefined,
  env: unknown,
): string | null {
  let reader = readers.get(config);
  if (!reader) {
    // loadConfig refused a malformed value: this fallback is for configs built by hand
    reader = {
      trust: parseTrustProxy(config.TRUST_PROXY) ?? { kind: "hops", hops: 0 },
      watch: singleProxyWatch(),
    };
    readers.set(config, reader);
  }
  const socket = (env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr?.hostname ?? null;
  if (reader.trust.kind === "hops" && reader.trust.hops === 0) {
    const warning = reader.watch(socket, !!forwardedFor);
    if (warning) log.warn(warning, { topic: "client address" });
  }
  return clientAddressOf(reader.trust, forwardedFor, socket);
}

/**
 * Development conveniences (the mailbox) answer only to someone on the server itself or to a super
 * administrator; to anyone else they do not exist (404), and never in production. A request through a
 * proxy on the same machine is not "on the server": its socket is loopback, but it carries a proxy header.
 */
export function requireDevelopmentAccess(c: Context<AppEnv>): void {
  if (c.var.deps.config.APP_ENV === "production") throw new AppError(404, "not_found");
  if (c.var.user && isSuperAdministrator(c.var.user)) return;
  const proxied = PROXY_HEADERS.some((name) => c.req.header(name) !== undefined);
  const address = resolvedAddress(c.var.deps.config, c.req.header("x-forwarded-for"), c.env);
  if (proxied || !isLoopbackAddress(address)) throw new AppError(404, "not_found");
}
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];
