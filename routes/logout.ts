import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { clearSessionCookie } from "../app/auth.ts";
import { endSession } from "../lib/platform/sessions.ts";
import { providerSignOutUrl } from "../lib/accounts/sso.ts";
import { publicUrl } from "../lib/platform/config.ts";

/**
 * POST /logout (the form of the admin menu): ends the session on the server, back to /login. A session
 * opened through a channel's OpenID provider goes by the provider's sign-out first (when it offers one),
 * which sends the browser back to /login.
 */
export default new Hono<AppEnv>().post("/", async (c) => {
  const sessionId = c.var.sessionId;
  const deps = c.var.deps;
  const atProvider = sessionId
    ? await providerSignOutUrl(
      { sql: c.var.sql, jwtSecret: deps.jwtSecret, baseUrl: publicUrl(deps.config) },
      sessionId,
    )
    : null;
  if (sessionId) await endSession(c.var.sql, sessionId);
  clearSessionCookie(c);
  return c.redirect(atProvider ?? "/login?logged_out", 303);
});
