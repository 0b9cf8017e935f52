import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import ModerationList from "../islands/ModerationList.tsx";

/** GET /moderation: the channel's messages awaiting moderation (back-office §2 Routes). */
export default new Hono<AppEnv>().get("/", requirePage("moderation"), (c) => {
  const user = staffOf(c);
  const title = c.var.t("moderation.title");
  return renderPage(
    c,
    <AdminLayout user={user} menu="channel" active="moderation" heading={title}>
      <ModerationList />
    </AdminLayout>,
    { title, css: ["admin.css", "participations.css"] },
  );
});
