import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { clearSessionCookie } from "../app/auth.ts";
import { endSession } from "../lib/platform/sessions.ts";

/** POST /logout (the form of the admin menu): ends the session on the server, back to /login. */
export default new Hono<AppEnv>().post("/", async (c) => {
  if (c.var.sessionId) await endSession(c.var.sql, c.var.sessionId);
  clearSessionCookie(c);
  return c.redirect("/login?logged_out", 303);
});
