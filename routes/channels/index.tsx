import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { ChannelTable } from "../../components/channels/ChannelTable.tsx";
import { loadChannelList } from "../../lib/channels/pages.ts";
import { can, isSuperAdministrator } from "../../lib/rules/permissions.ts";
import { choosePage } from "../../lib/rules/channels.ts";

/** GET /channels: every channel with its counts (super administrator); others go to their channel. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  if (!isSuperAdministrator(user)) {
    // an administrator goes to its channel's settings, an operator (who has none) to the inbox
    return c.redirect(
      user.channel_id && can(user, "channel-settings") ? `/channels/${user.channel_id}` : "/interactions",
    );
  }
  const t = c.var.t;
  const rows = await loadChannelList(c.var.sql);
  const choose = choosePage(c.req.query("choose"));
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="channel"
      active="channels"
      heading={t("channels.list_title")}
      actions={<a class="btn btn-primary" href="/channels/new">{t("admin.create_media")}</a>}
    >
      {choose && <p class="notice notice-info" role="status">{t(`channels.choose_first.${choose}`)}</p>}
      <ChannelTable rows={rows} />
    </AdminLayout>,
    { title: t("channels.list_title"), css: ["admin.css", "channels.css"] },
  );
});
