import type { ComponentChildren } from "preact";
import { useT } from "../../framework/island.tsx";
import { can, isSuperAdminMode, type StaffUser } from "../../lib/permissions.ts";

export type MenuName = "channel" | "interaction" | "settings" | "user" | "calendar";

interface MenuEntry {
  href: string;
  label: string;
  key: string;
}

/** The side menus of the spec (back-office §2 "Menus"). */
function menuEntries(
  menu: MenuName,
  t: (k: string) => string,
  ids: { interactionId?: number; userId?: number },
) {
  const menus: Record<MenuName, MenuEntry[]> = {
    channel: [
      { key: "interactions", href: "/interactions", label: t("admin.menu.interactions") },
      { key: "timeline", href: "/timeline", label: t("admin.menu.timeline") },
      { key: "moderation", href: "/moderation", label: t("admin.menu.moderation") },
      { key: "settings", href: "/settings", label: t("admin.menu.settings") },
      { key: "channels", href: "/channels", label: t("admin.menu.back_to_admin") },
    ],
    interaction: [
      {
        key: "participations",
        href: `/participations/${ids.interactionId}`,
        label: t("admin.menu.participations"),
      },
      {
        key: "edit",
        href: `/interactions/${ids.interactionId}`,
        label: t("admin.menu.interaction_settings"),
      },
      { key: "webview", href: `/interactions/${ids.interactionId}/webview/`, label: t("admin.menu.webview") },
    ],
    settings: [
      { key: "settings", href: "/settings", label: t("admin.menu.media") },
      { key: "customisation", href: "/customisation", label: t("admin.menu.customisation") },
      { key: "users", href: "/users", label: t("admin.menu.users") },
    ],
    user: [{ key: "profile", href: `/users/${ids.userId}`, label: t("admin.menu.profile") }],
    calendar: [
      { key: "timeline", href: "/timeline", label: t("admin.menu.calendar") },
      { key: "broadcast", href: "/broadcast", label: t("admin.menu.broadcast") },
    ],
  };
  return menus[menu];
}

export interface AdminLayoutProps {
  user: StaffUser;
  /** Which side menu, and which entry of it is current. */
  menu: MenuName;
  active: string;
  interactionId?: number;
  userId?: number;
  /** The page heading. */
  heading: string;
  /** Buttons shown at the right of the heading. */
  actions?: ComponentChildren;
  children: ComponentChildren;
}

/** The frame of every authenticated back-office page: top bar, side menu, content. */
export function AdminLayout(props: AdminLayoutProps) {
  const { t } = useT();
  const adminMode = isSuperAdminMode(props.user);
  const initials = `${props.user.first_name?.[0] ?? ""}${props.user.last_name?.[0] ?? ""}`.toUpperCase() ||
    props.user.login.slice(0, 2).toUpperCase();
  const entries = menuEntries(props.menu, t, { interactionId: props.interactionId, userId: props.userId });
  return (
    <div class={`admin ${adminMode ? "admin-mode" : ""}`}>
      <input type="checkbox" id="sidebar-toggle" class="sidebar-toggle" aria-hidden="true" />
      <header class="topbar">
        <label for="sidebar-toggle" class="topbar-menu" title={t("admin.toggle_menu")}>
          <span class="sr-only">{t("admin.toggle_menu")}</span>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
          </svg>
        </label>
        <a href={adminMode ? "/channels" : "/interactions"} class="topbar-title">
          {t("common.app_title")}
          {adminMode ? t("admin.admin_suffix") : ""}
        </a>
        <div class="topbar-actions">
          {adminMode
            ? <a class="btn btn-accent btn-sm" href="/channels/new">{t("admin.create_media")}</a>
            : can(props.user, "create-interaction")
            ? <a class="btn btn-accent btn-sm" href="/interactions/create">{t("admin.create_interaction")}</a>
            : null}
          <a class="avatar" href={`/users/${props.user.id}`} title={t("admin.my_profile")}>
            {props.user.image_url ? <img src={props.user.image_url} alt="" /> : <span>{initials}</span>}
            <span class="sr-only">{t("admin.my_profile")}</span>
          </a>
        </div>
      </header>
      <nav class="sidebar" aria-label={t("admin.menu_label")}>
        <ul>
          {entries.map((entry) => (
            <li>
              <a href={entry.href} aria-current={entry.key === props.active ? "page" : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
        <form method="post" action="/logout" class="sidebar-logout">
          <button type="submit" class="btn-link">{t("admin.logout")}</button>
        </form>
      </nav>
      <label for="sidebar-toggle" class="sidebar-backdrop" aria-hidden="true"></label>
      <main class="admin-main" id="main">
        <div class="page-head">
          <h1>{props.heading}</h1>
          {props.actions && <div class="page-actions">{props.actions}</div>}
        </div>
        {props.children}
      </main>
    </div>
  );
}
