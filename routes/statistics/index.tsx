import { Hono } from "hono";
import { chooseChannelAddress } from "../../lib/rules/channels.ts";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { StatisticsDashboard } from "../../components/statistics/Dashboard.tsx";
import { isSuperAdminMode } from "../../lib/rules/permissions.ts";
import { loadDashboard } from "../../lib/statistics/service.ts";

/**
 * GET /statistics[?channel=&range=7d|30d|12m|custom&from=&to=]: the channel's participations over a
 * period; super administrators pick the channel.
 */
export default new Hono<AppEnv>().get("/", requirePage("participations-read"), async (c) => {
  const user = staffOf(c);
  if (isSuperAdminMode(user) && !c.req.query("channel")) {
    return c.redirect(chooseChannelAddress("statistics"));
  }
  const now = c.var.deps.now?.() ?? new Date();
  const dashboard = await loadDashboard(c.var.sql, user, c.req.query(), now, c.var.t);
  return renderPage(
    c,
    <AdminLayout user={user} menu="channel" active="statistics" heading={c.var.t("statistics.title")}>
      <StatisticsDashboard d={dashboard} t={c.var.t} lang={c.var.lang} />
    </AdminLayout>,
    { title: c.var.t("statistics.title"), css: ["admin.css", "interactions.css", "statistics.css"] },
  );
});
