import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import { AuditFilters, AuditTable } from "../components/admin/AuditLog.tsx";
import { auditFilterOf, auditFor } from "../lib/audit/service.ts";
import { isSuperAdminMode } from "../lib/rules/permissions.ts";

/**
 * GET /audit: who did what, when, from where, in the administrator's channel (the whole platform for a
 * super administrator in super admin mode); filters by person, action and days, and its CSV.
 */
export default new Hono<AppEnv>().get("/", requirePage("channel-settings"), async (c) => {
  const user = staffOf(c);
  const filter = auditFilterOf(c.req.query());
  const { rows, actors, timeZone } = await auditFor(c.var.sql, user, filter);
  const t = c.var.t;
  const query = new URLSearchParams(c.req.query()).toString();
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="settings"
      active="audit"
      heading={isSuperAdminMode(user) ? t("audit.platform_title") : t("audit.title")}
      actions={
        <a class="btn btn-secondary" href={`/api/v1/audit/export${query ? `?${query}` : ""}`} download>
          {t("audit.export")}
        </a>
      }
    >
      <AuditFilters filter={filter} actors={actors} />
      <AuditTable rows={rows} platform={isSuperAdminMode(user)} timeZone={timeZone} />
    </AdminLayout>,
    { title: t("audit.title"), css: ["admin.css", "channels.css"] },
  );
});
