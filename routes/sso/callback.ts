import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { setSessionCookie } from "../../app/auth.ts";
import { audit } from "../../app/audit.ts";
import { finishSso, SsoRefused } from "../../lib/accounts/sso.ts";
import { landingAfterLogin } from "../../lib/accounts/service.ts";
import { signInActor } from "../../lib/audit/service.ts";
import { openProviderSession } from "../../lib/platform/sessions.ts";
import { keepProviderForSecondStep } from "../../app/provider_session.ts";
import { AppError } from "../../lib/rules/errors.ts";
import { safeNext } from "../../lib/rules/accounts.ts";
import { secondStepTicket } from "../../lib/accounts/two_factor.ts";
import { setSecondStepCookie, ssoContext, takeFlowCookie } from "./_flow.ts";

/**
 * GET /sso/callback: the provider's answer. A verified e-mail of the channel's staff opens a session, or,
 * when a local second factor is still asked, goes on to the login page's second step; any refusal is
 * recorded and sent back to the login page with its reason.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  const sql = c.var.sql;
  try {
    const done = await finishSso(ssoContext(c), takeFlowCookie(c), new URL(c.req.url));
    const actor = await signInActor(sql, { id: done.userId });
    if (done.created) {
      await audit(c, "user_created", { actor, object: ["user", done.userId], details: { method: "sso" } });
    }
    if (done.roleChange) {
      // the role followed the provider's groups: said as any other role change, with where it came from
      await audit(c, "user_changed", {
        actor,
        object: ["user", done.userId],
        channelId: done.channelId,
        details: {
          fields: ["role"],
          role: done.roleChange.to,
          previous_role: done.roleChange.from,
          method: "sso_groups",
        },
      });
    }
    if (done.step) {
      // as after a password: the session opens at the second step, which audits the sign-in
      setSecondStepCookie(c, await secondStepTicket(c.var.deps.jwtSecret, done.userId, done.step));
      await keepProviderForSecondStep(c, done.userId, done.provider);
      const next = safeNext(done.next);
      return c.redirect(`/login${next ? `?next=${encodeURIComponent(next)}` : ""}`, 302);
    }
    await audit(c, "sign_in", { actor, details: { method: "sso" } });
    // the session remembers its provider: signing out ends the sign-in there too
    setSessionCookie(c, await openProviderSession(sql, c.var.deps.jwtSecret, done.userId, done.provider));
    return c.redirect(safeNext(done.next) ?? await landingAfterLogin(sql, done.userId), 302);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const refused = error instanceof SsoRefused ? error : null;
    await audit(c, "sign_in_failed", {
      actor: refused?.userId ? await signInActor(sql, { id: refused.userId }) : null,
      channelId: refused?.channelId ?? null,
      details: {
        method: "sso",
        reason: error.code,
        ...(refused?.providerError ? { provider_error: refused.providerError } : {}),
      },
    });
    return c.redirect(`/login?sso_error=${error.code}`, 302);
  }
});
