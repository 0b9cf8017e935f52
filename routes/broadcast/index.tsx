import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { LiveSegments, MarkedMessages } from "../../components/timeline/Broadcast.tsx";
import { loadBroadcastBoard } from "../../lib/broadcast/board.ts";

/** GET /broadcast: the broadcasting channel: what is live now and the messages quoted or broadcast. */
export default new Hono<AppEnv>().get("/", requirePage("participations-read"), async (c) => {
  const user = staffOf(c);
  if (!user.channel_id) return c.redirect("/channels");
  const t = c.var.t;
  const now = c.var.deps.now?.() ?? new Date();
  const { live, marked } = await loadBroadcastBoard(c.var.sql, user.channel_id, null, 20, now);
  return renderPage(
    c,
    <AdminLayout user={user} menu="calendar" active="broadcast" heading={t("timeline.broadcast_title")}>
      <h2>{t("timeline.live_now")}</h2>
      <LiveSegments segments={live} now={now} current={null} />
      <h2>{t("timeline.marked")}</h2>
      <MarkedMessages messages={marked} showSegment />
    </AdminLayout>,
    { title: t("timeline.broadcast_title"), css: ["admin.css", "interactions.css"] },
  );
});
