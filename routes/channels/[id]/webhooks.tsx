import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { ChannelSettingsLayout } from "../../../components/admin/AdminLayout.tsx";
import WebhooksPanel from "../../../islands/WebhooksPanel.tsx";
import { listWebhooks } from "../../../lib/webhooks/service.ts";
import { getChannelLabel } from "../../../lib/webhooks/pages.ts";
import { pathId } from "../../../app/api.ts";

/** GET /channels/{id}/webhooks: the channel's webhooks and their delivery logs. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const hooks = await listWebhooks(c.var.deps, user, id);
  const label = await getChannelLabel(c.var.sql, id);
  const t = c.var.t;
  return renderPage(
    c,
    <ChannelSettingsLayout user={user} channelId={id} label={label} title={t("webhooks.title")}>
      <WebhooksPanel
        channelId={id}
        hooks={hooks.map((h) => ({
          id: h.id,
          url: h.url,
          events: h.events,
          created_at: h.created_at.toISOString(),
        }))}
      />
    </ChannelSettingsLayout>,
    { title: t("webhooks.title"), css: ["admin.css", "channels.css"] },
  );
});
