import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { startSso } from "../../lib/accounts/sso.ts";
import { safeNext } from "../../lib/rules/accounts.ts";
import { AppError } from "../../lib/rules/errors.ts";
import { setFlowCookie, ssoContext } from "./_flow.ts";

/**
 * GET /sso/start?channel={id}&next=: off to the channel's OpenID provider ("Sign in with …");
 * /sso/start?platform: to the platform's.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  try {
    const { url, flow } = await startSso(
      ssoContext(c),
      c.req.query("platform") !== undefined ? null : Number(c.req.query("channel")),
      safeNext(c.req.query("next")),
    );
    setFlowCookie(c, flow);
    return c.redirect(url, 302);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return c.redirect(`/login?sso_error=${error.code}`, 302);
  }
});
