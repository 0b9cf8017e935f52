import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { PublicShell } from "../../components/PublicShell.tsx";

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
