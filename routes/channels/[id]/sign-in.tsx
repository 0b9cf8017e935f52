import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { ChannelSettingsLayout } from "../../../components/admin/AdminLayout.tsx";
import SignInSettings from "../../../islands/SignInSettings.tsx";
import { loadSignInPage } from "../../../lib/accounts/sign_in_page.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { pathId } from "../../../app/api.ts";

/** GET /channels/{id}/sign-in: the channel's single sign-on, password sign-in, and audit log retention. */
export default new Hono<AppEnv>().get("/", requirePage("channel-settings"), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const { label, ...data } = await loadSignInPage(c.var.sql, user, id, publicUrl(c.var.deps.config));
  const t = c.var.t;
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    <ChannelSettingsLayout user={user} channelId={id} label={label} title={t("auth.sso.link")}>
      <SignInSettings channelId={id} {...data} />
    </ChannelSettingsLayout>,
    { title: t("auth.sso.link"), css: ["admin.css", "channels.css"] },
  );
});
