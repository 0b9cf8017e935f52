import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { ChannelSettingsLayout } from "../../../components/admin/AdminLayout.tsx";
import LinesPanel from "../../../islands/LinesPanel.tsx";
import { HeldLink } from "../../../components/admin/HeldLink.tsx";
import { linesPage } from "../../../lib/lines/service.ts";
import { getChannelLabel } from "../../../lib/webhooks/pages.ts";
import { pathId } from "../../../app/api.ts";

/** GET /channels/{id}/lines: the channel's WhatsApp, SMS and voicemail lines. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const page = await linesPage(c.var.deps, user, id);
  const label = await getChannelLabel(c.var.sql, id);
  const t = c.var.t;
  return renderPage(
    c,
    <ChannelSettingsLayout
      user={user}
      channelId={id}
      label={label}
      title={t("lines.title")}
      actions={<HeldLink channelId={id} waiting={page.heldWaiting} />}
    >
      <LinesPanel channelId={id} lines={page.lines} targets={page.targets} webhookBase={page.webhookBase} />
    </ChannelSettingsLayout>,
    { title: t("lines.title"), css: ["admin.css", "channels.css"] },
  );
});
