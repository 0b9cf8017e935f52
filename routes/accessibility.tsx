import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { renderPage } from "../framework/render.tsx";
import { AuthShell } from "../components/auth/AuthShell.tsx";
import {
  ACCESSIBILITY_GAPS,
  ACCESSIBILITY_STANDARD,
  ACCESSIBILITY_WIDTHS,
  AXE_CHECKED_PAGES,
} from "../lib/rules/accessibility.ts";

/** GET /accessibility: the accessibility statement (European Accessibility Act): what is tested, how, the gaps. */
export default new Hono<AppEnv>().get("/", (c) => {
  const t = c.var.t;
  return renderPage(
    c,
    <AuthShell wide>
      <article class="statement">
        <h1>{t("accessibility.title")}</h1>
        <p>{t("accessibility.intro", ACCESSIBILITY_STANDARD)}</p>
        <p>{t("accessibility.status")}</p>
        <h2>{t("accessibility.how_title")}</h2>
        <p>{t("accessibility.how", { widths: ACCESSIBILITY_WIDTHS.join(" / ") })}</p>
        <h2>{t("accessibility.pages_title")}</h2>
        <ul class="statement-pages">
          {AXE_CHECKED_PAGES.map((p) => (
            <li key={p.path}>
              <code>{p.path}</code>
            </li>
          ))}
        </ul>
        <h2>{t("accessibility.gaps_title")}</h2>
        <ul>
          {ACCESSIBILITY_GAPS.map((key) => <li key={key}>{t(`accessibility.gaps.${key}`)}</li>)}
        </ul>
        <h2>{t("accessibility.contact_title")}</h2>
        <p>{t("accessibility.contact")}</p>
      </article>
      <p class="auth-switch">
        <a href="/login">{t("auth.back_to_login")}</a>
      </p>
    </AuthShell>,
    { title: t("accessibility.title"), css: ["accounts.css"] },
  );
});
