import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { ChannelPage } from "../../components/channels/ChannelPage.tsx";
import { loadChannelPage } from "../../lib/channels/pages.ts";

/** GET /channels/new: create a media (super administrator), in edit mode with the defaults. */
export default new Hono<AppEnv>().get("/", requirePage("channels-create"), async (c) => {
  const user = staffOf(c);
  const data = await loadChannelPage(c.var.sql, user, null, new Date());
  return renderPage(
    c,
    <ChannelPage user={user} data={data} edit notice={null} menu="channel" active="channels" />,
    { title: c.var.t("channels.new_title"), css: ["admin.css", "channels.css"] },
  );
});
