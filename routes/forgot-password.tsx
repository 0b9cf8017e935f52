import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { renderPage } from "../framework/render.tsx";
import { AuthShell } from "../components/auth/AuthShell.tsx";
import ForgotPassword from "../islands/ForgotPassword.tsx";

/** GET /forgot-password: asks for a password reset link by e-mail. */
export default new Hono<AppEnv>().get("/", (c) => {
  const t = c.var.t;
  return renderPage(
    c,
    <AuthShell>
      <h1>{t("auth.forgot_title")}</h1>
      <p class="muted">{t("auth.forgot_intro")}</p>
      <ForgotPassword email={c.req.query("email")?.slice(0, 254) ?? ""} />
      <p class="auth-switch">
        <a href="/login">{t("auth.back_to_login")}</a>
      </p>
    </AuthShell>,
    { title: t("auth.forgot_title"), css: ["accounts.css"] },
  );
});
