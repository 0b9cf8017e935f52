import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import UserProfile from "../../islands/UserProfile.tsx";
import { channelChoicesFor } from "../../lib/channels/pages.ts";
import { isSuperAdministrator } from "../../lib/rules/permissions.ts";

/** GET /users/new: create a staff account, then go to its profile (§4). */
export default new Hono<AppEnv>().get("/", requirePage("users-manage"), async (c) => {
  const user = staffOf(c);
  const t = c.var.t;
  const superAdmin = isSuperAdministrator(user);
  const channels = await channelChoicesFor(c.var.sql, user);
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu={user.channel_id === null ? "channel" : "settings"}
      active="users"
      heading={t("users.new_title")}
    >
      <UserProfile
        user={null}
        selfId={user.id}
        canManage
        isSuperAdmin={superAdmin}
        channels={channels}
        channelId={user.channel_id}
        notice={null}
      />
    </AdminLayout>,
    { title: t("users.new_title"), css: ["admin.css", "channels.css", "accounts.css"] },
  );
});
