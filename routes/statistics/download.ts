import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { chartFile, loadDashboard } from "../../lib/statistics/service.ts";

/** GET /statistics/download?chart=&format=svg|csv (and the dashboard's query): one chart as a file. */
export default new Hono<AppEnv>().get("/", requirePage("participations-read"), async (c) => {
  const now = c.var.deps.now?.() ?? new Date();
  const dashboard = await loadDashboard(c.var.sql, staffOf(c), c.req.query(), now, c.var.t);
  const file = chartFile(dashboard, c.req.query("chart") ?? "", c.req.query("format") ?? "");
  return c.body(file.body, 200, {
    "content-type": file.type,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "cache-control": "no-store",
  });
});
