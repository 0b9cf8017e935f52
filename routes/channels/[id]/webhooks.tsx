import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import WebhooksPanel from "../../../islands/WebhooksPanel.tsx";
import { listWebhooks } from "../../../lib/webhooks/service.ts";
import { getChannelLabel } from "../../../lib/webhooks/pages.ts";
import { isSuperAdministrator } from "../../../lib/rules/permissions.ts";
import { pathId } from "../../../app/api.ts";

/** GET /channels/{id}/webhooks: the channel's webhooks and their delivery logs. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const hooks = await listWebhooks(c.var.deps, user, id);
  const label = await getChannelLabel(c.var.sql, id);
  const superAdmin = isSuperAdministrator(user);
  const t = c.var.t;
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu={superAdmin ? "channel" : "settings"}
      active={superAdmin ? "channels" : "settings"}
      heading={`${t("webhooks.title")} · ${label}`}
      actions={<a class="btn btn-secondary btn-sm" href={`/channels/${id}`}>{t("webhooks.back")}</a>}
    >
      <WebhooksPanel
        channelId={id}
        hooks={hooks.map((h) => ({
          id: h.id,
          url: h.url,
          events: h.events,
          created_at: h.created_at.toISOString(),
        }))}
      />
    </AdminLayout>,
    { title: t("webhooks.title"), css: ["admin.css", "channels.css"] },
  );
});
