import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { renderPage } from "../framework/render.tsx";
import { AuthShell } from "../components/auth/AuthShell.tsx";
import LoginPanel from "../islands/LoginPanel.tsx";
import { landingPath, safeNext } from "../lib/rules/accounts.ts";
import { ssoButtonOf } from "../lib/accounts/sso.ts";
import { ssoErrorOf } from "../lib/rules/sso.ts";
import { secondStepAccount } from "../lib/accounts/two_factor.ts";
import { takeSecondStepCookie } from "./sso/_flow.ts";
import { takeSignedOutAtProvider } from "../app/provider_session.ts";

/**
 * GET /login (back-office §2): the login and register forms. Query email prefills, token logs in
 * directly, next is where to go after, sso (a channel, or "platform") offers that provider only (else the
 * platform's, when a super administrator set one, until a typed e-mail names another), sso_error says why a single
 * sign-on was refused; back from the provider's sign-out, the logged-out notice once; after a single
 * sign-on that still asks the local second factor, that step; someone already logged in goes straight there.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  const token = c.req.query("token")?.slice(0, 200) || null;
  const next = safeNext(c.req.query("next"));
  const user = c.var.user;
  if (user && !token) return c.redirect(landingPath(user, next), 302);
  const signedOutAtProvider = takeSignedOutAtProvider(c);
  const notice = c.req.query("reset") !== undefined
    ? "reset_done"
    : c.req.query("logged_out") !== undefined || signedOutAtProvider
    ? "logged_out"
    : null;
  const named = c.req.query("sso");
  const sso = named ? await ssoButtonOf(c.var.sql, named === "platform" ? null : Number(named)) : null;
  const platformSso = named ? null : await ssoButtonOf(c.var.sql, null);
  const ssoError = ssoErrorOf(c.req.query("sso_error"));
  // a sign-in through the channel's provider that still asks the local second factor
  const ticket = takeSecondStepCookie(c);
  const secondStep = ticket
    ? await secondStepAccount(c.var.sql, c.var.deps.jwtSecret, ticket).then(
      (half) => ({ step: half.step, ticket }),
      () => null,
    )
    : null;
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
        platformSso={platformSso}
        ssoError={ssoError}
        secondStep={secondStep}
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
