import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import { loadHome } from "../lib/channels/pages.ts";
import { can, isSuperAdminMode } from "../lib/rules/permissions.ts";

/** GET /home: the landing of the alternate login flow: the channel at a glance and where to go next. */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const t = c.var.t;
  const { channel, unread } = await loadHome(c.var.sql, user);
  const name = user.first_name || user.login;
  const links = isSuperAdminMode(user)
    ? [
      { href: "/channels", title: t("admin.home.channels"), text: t("admin.home.channels_text") },
      { href: "/channels/new", title: t("admin.create_media"), text: t("admin.home.create_media_text") },
      { href: "/help-items", title: t("admin.menu.help_items"), text: t("admin.home.help_items_text") },
    ]
    : [
      { href: "/interactions", title: t("admin.menu.interactions"), text: t("admin.home.interactions_text") },
      ...(can(user, "create-interaction")
        ? [{
          href: "/interactions/create",
          title: t("admin.create_interaction"),
          text: t("admin.home.create_text"),
        }]
        : []),
      { href: "/moderation", title: t("admin.menu.moderation"), text: t("admin.home.moderation_text") },
      ...(can(user, "channel-settings")
        ? [{ href: "/settings", title: t("admin.menu.settings"), text: t("admin.home.settings_text") }]
        : []),
    ];
  return renderPage(
    c,
    <AdminLayout user={user} menu="channel" active="home" heading={t("admin.home.title", { name })}>
      {channel && (
        <section class="card home-channel" aria-label={channel.label}>
          <span class="channel-logo channel-logo-lg" aria-hidden="true">
            {channel.logo_url ? <img src={channel.logo_url} alt="" /> : channel.label.slice(0, 1)}
          </span>
          <div>
            <h2>{channel.label}</h2>
            <p class="muted">
              {t(`channels.types.${channel.type}`)} · {t(`channels.statuses.${channel.status}`)}
            </p>
          </div>
          <p class="home-unread">
            <strong>{unread.toLocaleString(c.var.lang === "technical" ? "en" : c.var.lang)}</strong>{" "}
            {t("admin.home.unread", { count: unread })}
          </p>
        </section>
      )}
      <ul class="home-links">
        {links.map((l) => (
          <li key={l.href}>
            <a class="card home-link" href={l.href}>
              <strong>{l.title}</strong>
              <span class="muted">{l.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </AdminLayout>,
    { title: t("admin.home.page_title"), css: ["admin.css", "channels.css"] },
  );
});
