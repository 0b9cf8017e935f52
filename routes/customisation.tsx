import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import CustomisationForm from "../islands/CustomisationForm.tsx";
import { channelFor } from "../lib/channels/service.ts";
import { isEmptyCustomisation } from "../lib/rules/customisation.ts";
import { isSuperAdministrator } from "../lib/rules/permissions.ts";

/**
 * GET /customisation: the default customisation of the user's channel (a super administrator picks
 * one with ?channel=).
 */
export default new Hono<AppEnv>().get("/", requirePage("channel-customisation"), async (c) => {
  const user = staffOf(c);
  const asked = Number(c.req.query("channel"));
  const id = isSuperAdministrator(user) && asked > 0 ? asked : user.channel_id;
  if (!id) return c.redirect("/channels");
  const channel = await channelFor(c.var.sql, user, id);
  const t = c.var.t;
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="settings"
      active="customisation"
      heading={t("settings.customisation_title")}
    >
      <p class="muted">{t("settings.customisation_intro", { label: channel.label })}</p>
      <CustomisationForm
        channelId={channel.id}
        value={isEmptyCustomisation(channel.customisation) ? null : channel.customisation}
        language={channel.language}
      />
    </AdminLayout>,
    { title: t("settings.customisation_title"), css: ["admin.css", "channels.css"] },
  );
});
