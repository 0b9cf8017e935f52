import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { clearSessionCookie } from "../app/auth.ts";
import { noteSignedOutAtProvider } from "../app/provider_session.ts";
import { endSession } from "../lib/platform/sessions.ts";
import { providerSessionOf, providerSignOutUrl } from "../lib/accounts/sso.ts";
import { publicUrl } from "../lib/platform/config.ts";

/**
 * POST /logout (the form of the admin menu): ends the session on the server, back to /login. A session
 * opened through a channel's OpenID provider then goes by the provider's sign-out (when it offers one),
 * which sends the browser back to the bare /login (a cookie tells that page to say "You are logged out");
 * the session has ended here before the provider is asked.
 */
export default new Hono<AppEnv>().post("/", async (c) => {
  const sessionId = c.var.sessionId;
  const deps = c.var.deps;
  const viaProvider = sessionId ? await providerSessionOf(c.var.sql, sessionId) : null;
  if (sessionId) await endSession(c.var.sql, sessionId);
  clearSessionCookie(c);
  const atProvider = viaProvider &&
    await providerSignOutUrl({ jwtSecret: deps.jwtSecret, baseUrl: publicUrl(deps.config) }, viaProvider);
  if (!atProvider) return c.redirect("/login?logged_out", 303);
  noteSignedOutAtProvider(c);
  return c.redirect(atProvider, 303);
});
