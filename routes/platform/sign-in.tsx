import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import SignInSettings from "../../islands/SignInSettings.tsx";
import { loadPlatformSignInPage } from "../../lib/accounts/sign_in_page.ts";
import { publicUrl } from "../../lib/platform/config.ts";

/** GET /platform/sign-in: the platform's single sign-on, set by a super administrator (channels-all). */
export default new Hono<AppEnv>().get("/", requirePage("channels-all"), async (c) => {
  const user = staffOf(c);
  const data = await loadPlatformSignInPage(c.var.sql, user, publicUrl(c.var.deps.config));
  const t = c.var.t;
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    <AdminLayout user={user} menu="channel" active="platform-sign-in" heading={t("auth.sso.platform_title")}>
      <SignInSettings channelId={null} {...data} />
    </AdminLayout>,
    { title: t("auth.sso.platform_title"), css: ["admin.css", "channels.css"] },
  );
});
