import { Hono } from "hono";
import { chooseChannelAddress } from "../../lib/rules/channels.ts";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { ListPage } from "../../components/interactions/ListPage.tsx";
import { loadListPage } from "../../lib/segments/pages.ts";
import { LIST_CSS } from "../../components/interactions/ListPage.tsx";

/** GET /interactions: the interaction list of the user's channel; super admin mode goes to /channels. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  if (!user.channel_id) return c.redirect(chooseChannelAddress("interactions"));
  const now = c.var.deps.now?.() ?? new Date();
  const data = await loadListPage(c.var.sql, user.channel_id, c.req.query(), now);
  return renderPage(c, <ListPage user={user} data={data} />, {
    title: c.var.t("interactions.list_title"),
    css: LIST_CSS,
  });
});
