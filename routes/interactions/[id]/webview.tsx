import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import { segmentFor } from "../../../lib/segments/service.ts";
import { pathId } from "../../../app/api.ts";
import { segmentPreviewPath } from "../../../lib/rules/share.ts";

/** GET /interactions/{id}/webview: the segment's widget in a phone-sized frame. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const seg = await segmentFor(c.var.sql, user, id);
  const t = c.var.t;
  const title = seg.title || t("interactions.untitled");
  const src = segmentPreviewPath(seg.channel_id, seg.id, c.var.lang);
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="interaction"
      active="webview"
      interactionId={id}
      heading={t("interactions.webview_title")}
    >
      <p class="muted">{t("interactions.webview_hint")}</p>
      <div class="phone">
        <div class="phone-screen">
          <iframe src={src} title={t("interactions.preview_title", { title })}></iframe>
        </div>
      </div>
      <p class="phone-link">
        <a href={src} target="_blank" rel="noopener">{t("interactions.open_widget")}</a>
      </p>
    </AdminLayout>,
    { title: `${title} – ${t("interactions.webview_title")}`, css: ["admin.css", "interactions.css"] },
  );
});
