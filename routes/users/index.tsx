import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { UserTable } from "../../components/users/UserTable.tsx";
import { channelLabelsFor } from "../../lib/channels/pages.ts";
import { listUsersFor } from "../../lib/users/service.ts";

/** GET /users: the staff of the user's channel (every account in super admin mode); users-manage. */
export default new Hono<AppEnv>().get("/", requirePage("users-manage"), async (c) => {
  const user = staffOf(c);
  const t = c.var.t;
  const rows = await listUsersFor(c.var.sql, user);
  const channels = await channelLabelsFor(c.var.sql, user);
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu={user.channel_id === null ? "channel" : "settings"}
      active="users"
      heading={t("users.list_title")}
      actions={<a class="btn btn-primary" href="/users/new">{t("users.add")}</a>}
    >
      <UserTable rows={rows} selfId={user.id} channels={channels} />
    </AdminLayout>,
    { title: t("users.list_title"), css: ["admin.css", "channels.css", "accounts.css"] },
  );
});
