import { Hono } from "hono";
import { chooseChannelAddress } from "../lib/rules/channels.ts";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { ChannelPage } from "../components/channels/ChannelPage.tsx";
import { loadChannelPage } from "../lib/channels/pages.ts";

/** GET /settings (Media): the settings of the user's own channel; super admin mode lists channels. */
export default new Hono<AppEnv>().get("/", requirePage("channel-settings"), async (c) => {
  const user = staffOf(c);
  if (user.channel_id === null) return c.redirect(chooseChannelAddress("settings"));
  const data = await loadChannelPage(c.var.sql, user, user.channel_id, c.var.deps.now?.() ?? new Date());
  return renderPage(
    c,
    <ChannelPage
      user={user}
      data={data}
      edit={c.req.query("edit") !== undefined}
      notice={null}
      menu="settings"
      active="settings"
    />,
    { title: c.var.t("admin.menu.media"), css: ["admin.css", "channels.css"] },
  );
});
