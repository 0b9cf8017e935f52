import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { chartFile, loadDashboard } from "../../lib/statistics/service.ts";
import { csvSeparatorFor } from "../../lib/rules/csv.ts";

/** GET /statistics/download?chart=&format=svg|csv (and the dashboard's query): one chart as a file. */
export default new Hono<AppEnv>().get("/", requirePage("participations-read"), async (c) => {
  const now = c.var.deps.now?.() ?? new Date();
  const dashboard = await loadDashboard(c.var.sql, staffOf(c), c.req.query(), now, c.var.t);
  const asked = c.req.query("separator");
  const separator = csvSeparatorFor(c.var.lang, asked === "comma" || asked === "semicolon" ? asked : null);
  const file = chartFile(dashboard, c.req.query("chart") ?? "", c.req.query("format") ?? "", separator);
  return c.body(file.body, 200, {
    "content-type": file.type,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "cache-control": "no-store",
  });
});
