import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { LiveSegments, MarkedMessages } from "../../components/timeline/Broadcast.tsx";
import { AvailabilityBadge } from "../../components/interactions/SegmentTable.tsx";
import { loadBroadcastBoard } from "../../lib/broadcast/board.ts";
import { availabilityOf } from "../../lib/rules/availability.ts";
import { segmentFor } from "../../lib/segments/service.ts";
import { pathId } from "../../app/api.ts";

/** GET /broadcast/{id}: one segment on the broadcasting channel: its quoted and broadcast messages. */
export default new Hono<AppEnv>().get("/", requirePage("participations-read"), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const seg = await segmentFor(c.var.sql, user, id);
  const t = c.var.t;
  const now = c.var.deps.now?.() ?? new Date();
  const { live, marked } = await loadBroadcastBoard(c.var.sql, seg.channel_id, id, 100, now);
  const title = seg.title || t("interactions.untitled");
  return renderPage(
    c,
    <AdminLayout user={user} menu="calendar" active="broadcast" heading={title}>
      <p>
        <AvailabilityBadge availability={availabilityOf(seg, now)} />{" "}
        <a href="/broadcast">{t("timeline.all_live")}</a>
      </p>
      <h2>{t("timeline.marked")}</h2>
      <MarkedMessages messages={marked} showSegment={false} />
      <h2>{t("timeline.live_now")}</h2>
      <LiveSegments segments={live} now={now} current={id} />
    </AdminLayout>,
    { title: `${title} – ${t("timeline.broadcast_title")}`, css: ["admin.css", "interactions.css"] },
  );
});
