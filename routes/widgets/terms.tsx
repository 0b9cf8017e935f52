import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { PublicShell } from "../../components/PublicShell.tsx";
import type { RouteNeeds } from "../../lib/rules/http_cache.ts";

/** A widget page: a listener has no staff session; its language is the widget's. */
export const needs: RouteNeeds = { session: "preview", widgetLanguage: true };

/** GET /widgets/terms: the terms of use linked from the widget's profile screen (widget §2 Profile edit). */
export default new Hono<AppEnv>().get("/", (c) => {
  const t = c.var.t;
  return renderPage(
    c,
    <PublicShell title={t("channel_widget.terms.title")}>
      <p>{t("channel_widget.terms.p1")}</p>
      <p>{t("channel_widget.terms.p2")}</p>
      <p>{t("channel_widget.terms.p3")}</p>
    </PublicShell>,
    { title: t("channel_widget.terms.title") },
  );
});
