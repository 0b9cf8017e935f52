import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { renderPage } from "../framework/render.tsx";
import { AuthShell } from "../components/auth/AuthShell.tsx";
import LoginPanel from "../islands/LoginPanel.tsx";
import { landingPath, safeNext } from "../lib/rules/accounts.ts";
import { ssoButtonOf } from "../lib/accounts/sso.ts";
import { ssoErrorOf } from "../lib/rules/sso.ts";

/**
 * GET /login (back-office §2): the login and register forms. Query email prefills, token logs in
 * directly, next is where to go after, sso (a channel) offers its provider, sso_error says why a single
 * sign-on was refused; someone already logged in goes straight there.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  const token = c.req.query("token")?.slice(0, 200) || null;
  const next = safeNext(c.req.query("next"));
  const user = c.var.user;
  if (user && !token) return c.redirect(landingPath(user, next), 302);
  const notice = c.req.query("reset") !== undefined
    ? "reset_done"
    : c.req.query("logged_out") !== undefined
    ? "logged_out"
    : null;
  const sso = c.req.query("sso") ? await ssoButtonOf(c.var.sql, Number(c.req.query("sso"))) : null;
  const ssoError = ssoErrorOf(c.req.query("sso_error"));
  const t = c.var.t;
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    <AuthShell>
      <LoginPanel
        email={c.req.query("email")?.slice(0, 254) ?? ""}
        token={token}
        next={next}
        mode={c.req.query("register") !== undefined ? "register" : "login"}
        notice={notice}
        sso={sso}
        ssoError={ssoError}
        lang={c.var.lang}
      />
    </AuthShell>,
    {
      head: <meta name="referrer" content="no-referrer" />, // the address holds a one-time token
      title: t("auth.login_title"),
      css: ["admin.css", "accounts.css"],
    },
  );
});
