import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { segmentIdsByUuid } from "../../lib/segments/reads.ts";
import { WidgetFrame } from "../../components/widget/WidgetFrame.tsx";

/** GET /s/{uuid}: the public share link of an interaction, redirected to its widget (query kept). */
export default new Hono<AppEnv>().get("/", async (c) => {
  const uuid = c.req.param("uuid") ?? "";
  const segment = await segmentIdsByUuid(c.var.sql, uuid);
  if (!segment) {
    const t = c.var.t;
    return renderPage(c, <WidgetFrame message={t("widget.not_found")} />, {
      title: t("widget.not_found"),
      css: ["widget.css"],
      status: 404,
    });
  }
  const search = new URL(c.req.url).search;
  return c.redirect(`/widgets/${segment.channel_id}/${segment.id}/${search}`, 302);
});
