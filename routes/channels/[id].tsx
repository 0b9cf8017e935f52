import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { ChannelPage } from "../../components/channels/ChannelPage.tsx";
import { loadChannelPage } from "../../lib/channels/pages.ts";
import { isSuperAdministrator } from "../../lib/rules/permissions.ts";
import { pathId } from "../../app/api.ts";

/** GET /channels/{id}: the channel detail; `?edit` opens edit mode (spec §2). */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const data = await loadChannelPage(c.var.sql, user, id, c.var.deps.now?.() ?? new Date());
  const notice = c.req.query("saved") ? "saved" : c.req.query("image_failed") ? "image_failed" : null;
  const superAdmin = isSuperAdministrator(user);
  return renderPage(
    c,
    <ChannelPage
      user={user}
      data={data}
      edit={c.req.query("edit") !== undefined}
      notice={notice}
      menu={superAdmin ? "channel" : "settings"}
      active={superAdmin ? "channels" : "settings"}
    />,
    { title: data.channel!.label, css: ["admin.css", "channels.css"] },
  );
});
