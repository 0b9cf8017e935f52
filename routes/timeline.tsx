import { Hono } from "hono";
import { chooseChannelAddress } from "../lib/rules/channels.ts";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import { Gantt, segmentRows } from "../components/timeline/Gantt.tsx";
import { loadTimeline } from "../lib/segments/timeline.ts";
import { parseTimelineQuery, shiftPeriod, timelinePeriod } from "../lib/rules/timeline.ts";

/** GET /timeline: the calendar of the channel's segments and distribution slots, by week or month. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  if (!user.channel_id) return c.redirect(chooseChannelAddress("timeline"));
  const t = c.var.t;
  const now = c.var.deps.now?.() ?? new Date();
  const { view, day } = parseTimelineQuery(c.req.query(), now);
  const { from, to, days } = timelinePeriod(view, day);
  const { segments, blocks } = await loadTimeline(c.var.sql, user.channel_id, from, to);
  const blockRows = blocks.map((b) => ({
    key: `b${b.id}`,
    label: b.label || b.segment_title || b.space_name,
    sub: b.space_name,
    href: b.segment_id ? `/interactions/${b.segment_id}` : undefined,
    start: b.starts_at,
    end: b.ends_at,
    color: "#7a4b8c",
  }));
  const link = (v: string, date: string) => `/timeline?view=${v}&date=${date}`;
  const period = view === "week"
    ? `${from.toISOString().slice(0, 10)} – ${new Date(to.getTime() - 1).toISOString().slice(0, 10)}`
    : from.toLocaleDateString(c.var.lang === "technical" ? "en" : c.var.lang, {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
  return renderPage(
    c,
    <AdminLayout user={user} menu="calendar" active="timeline" heading={t("timeline.title")}>
      <div class="timeline-toolbar">
        <nav class="segmented-links" aria-label={t("timeline.view_label")}>
          {(["week", "month"] as const).map((v) => (
            <a href={link(v, day.toISOString().slice(0, 10))} aria-current={v === view ? "page" : undefined}>
              {t(`timeline.views.${v}`)}
            </a>
          ))}
        </nav>
        <div class="timeline-nav">
          <a class="btn btn-secondary btn-sm" href={link(view, shiftPeriod(view, from, -1))}>
            {t("timeline.previous")}
          </a>
          <a class="btn btn-secondary btn-sm" href={link(view, now.toISOString().slice(0, 10))}>
            {t("timeline.today")}
          </a>
          <a class="btn btn-secondary btn-sm" href={link(view, shiftPeriod(view, from, 1))}>
            {t("timeline.next")}
          </a>
        </div>
        <h2 class="timeline-period">{period}</h2>
      </div>
      <Gantt
        view={view}
        from={from}
        to={to}
        days={days}
        now={now}
        segments={segmentRows(segments, now, t("interactions.untitled"))}
        blocks={blockRows}
      />
    </AdminLayout>,
    { title: t("timeline.title"), css: ["admin.css", "interactions.css"] },
  );
});
