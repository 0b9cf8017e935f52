import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import SignInSettings from "../../../islands/SignInSettings.tsx";
import { loadSignInPage } from "../../../lib/accounts/sign_in_page.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { isSuperAdministrator } from "../../../lib/rules/permissions.ts";
import { pathId } from "../../../app/api.ts";

/** GET /channels/{id}/sign-in: the channel's single sign-on, password sign-in, and audit log retention. */
export default new Hono<AppEnv>().get("/", requirePage("channel-settings"), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const { label, ...data } = await loadSignInPage(c.var.sql, user, id, publicUrl(c.var.deps.config));
  const superAdmin = isSuperAdministrator(user);
  const t = c.var.t;
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu={superAdmin ? "channel" : "settings"}
      active={superAdmin ? "channels" : "settings"}
      heading={`${t("auth.sso.link")} · ${label}`}
      actions={<a class="btn btn-secondary btn-sm" href={`/channels/${id}`}>{t("webhooks.back")}</a>}
    >
      <SignInSettings channelId={id} {...data} />
    </AdminLayout>,
    { title: t("auth.sso.link"), css: ["admin.css", "channels.css"] },
  );
});
