import { Hono } from "hono";
import type { AppEnv } from "../framework/env.ts";
import { clearSessionCookie } from "../framework/auth.ts";

/** POST /logout (the form of the admin menu): forgets the session, back to /login. */
export default new Hono<AppEnv>().post("/", (c) => {
  clearSessionCookie(c);
  return c.redirect("/login?logged_out", 303);
});
