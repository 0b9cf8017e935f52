import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { LinkPage } from "../../components/auth/LinkPage.tsx";
import { confirmLinkState } from "../../lib/accounts/service.ts";
import { accountContext } from "../api/v1/_accounts.ts";

/**
 * GET /confirm/{token}: the account confirmation of the mailed link. Opening the page uses nothing
 * (mail scanners open links too); the button does, then logs the person in.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  const token = c.req.param("token")!.slice(0, 200);
  const ctx = accountContext(c);
  const { user, askPassword } = await confirmLinkState(ctx, token);
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    <LinkPage kind="confirm" token={token} user={user} askPassword={askPassword} />,
    {
      head: <meta name="referrer" content="no-referrer" />, // the address holds a one-time token
      title: c.var.t("auth.confirm_title"),
      css: ["accounts.css"],
      status: user ? 200 : 410,
    },
  );
});
