import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { LinkPage } from "../../components/auth/LinkPage.tsx";
import { accountOfLink } from "../../lib/accounts/service.ts";
import { accountContext } from "../api/v1/_accounts.ts";

/** GET /reset/{token}: choose a new password from the mailed link (1 hour, once). */
export default new Hono<AppEnv>().get("/", async (c) => {
  const token = c.req.param("token")!.slice(0, 200);
  const user = await accountOfLink(accountContext(c), token, "reset");
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    <LinkPage kind="reset" token={token} user={user} askPassword />,
    {
      head: <meta name="referrer" content="no-referrer" />, // the address holds a one-time token
      title: c.var.t("auth.reset_title"),
      css: ["accounts.css"],
      status: user ? 200 : 410,
    },
  );
});
