import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { getSegmentIdsByUuid } from "../../db/participations.ts";
import { WidgetFrame } from "../../components/widget/WidgetFrame.tsx";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /s/{uuid}: the public share link of an interaction, redirected to its widget (query kept). */
export default new Hono<AppEnv>().get("/", async (c) => {
  const uuid = c.req.param("uuid") ?? "";
  const segment = UUID.test(uuid) ? await getSegmentIdsByUuid(c.var.sql, uuid) : null;
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
