import type { ComponentChildren } from "preact";
import { useT } from "../../framework/island.tsx";
import {
  can,
  isSuperAdministrator,
  isSuperAdminMode,
  type Permission,
  type StaffUser,
} from "../../lib/rules/permissions.ts";
import { loginAddress } from "../../lib/rules/accounts.ts";
import UnreadBadge from "../../islands/UnreadBadge.tsx";
import WelcomeHelp from "../../islands/WelcomeHelp.tsx";

export type MenuName = "channel" | "interaction" | "settings" | "user" | "calendar";

interface MenuEntry {
  href: string;
  label: string;
  key: string;
  /** Shown only to users holding it. */
  permission?: Permission;
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
      {
        key: "statistics",
        href: "/statistics",
        label: t("statistics.menu"),
        permission: "participations-read",
      },
      { key: "settings", href: "/settings", label: t("admin.menu.settings"), permission: "channel-settings" },
      {
        key: "channels",
        href: "/channels",
        label: t("admin.menu.back_to_admin"),
        permission: "channels-all",
      },
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
      {
        key: "assistant",
        href: `/interactions/${ids.interactionId}/assistant`,
        label: t("ai.menu"),
        permission: "ai-assistant",
      },
    ],
    settings: [
      { key: "settings", href: "/settings", label: t("admin.menu.media"), permission: "channel-settings" },
      {
        key: "customisation",
        href: "/customisation",
        label: t("admin.menu.customisation"),
        permission: "channel-customisation",
      },
      { key: "users", href: "/users", label: t("admin.menu.users"), permission: "users-manage" },
      { key: "audit", href: "/audit", label: t("audit.menu"), permission: "channel-settings" },
    ],
    user: [{ key: "profile", href: `/users/${ids.userId}`, label: t("admin.menu.profile") }],
    calendar: [
      { key: "timeline", href: "/timeline", label: t("admin.menu.calendar") },
      { key: "broadcast", href: "/broadcast", label: t("admin.menu.broadcast") },
    ],
  };
  return menus[menu];
}

/** The create button of the top bar; on a phone only its "+" shows (the label stays for screen readers). */
function CreateButton({ href, label }: { href: string; label: string }) {
  return (
    <a class="btn btn-accent btn-sm topbar-create" href={href} title={label}>
      <span class="topbar-plus" aria-hidden="true">+</span>
      <span class="topbar-create-label">{label}</span>
    </a>
  );
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
  const { t, lang } = useT();
  const adminMode = isSuperAdminMode(props.user);
  const initials = `${props.user.first_name?.[0] ?? ""}${props.user.last_name?.[0] ?? ""}`.toUpperCase() ||
    props.user.login.slice(0, 2).toUpperCase();
  const entries = menuEntries(props.menu, t, { interactionId: props.interactionId, userId: props.userId })
    .filter((entry) => !entry.permission || can(props.user, entry.permission));
  return (
    // a back-office fetch answered 401 sends the person to sign in again, then back to this page's address
    // (appended in the browser: islands/browser/http.ts), in the language of this page
    <div class={`admin ${adminMode ? "admin-mode" : ""}`} data-sign-in={loginAddress("", lang)}>
      <a class="skip-link" href="#main">{t("admin.skip_to_content")}</a>
      {/* CSS-only sidebar toggle: a real, focusable checkbox; its label is the visible button. */}
      <input
        type="checkbox"
        id="sidebar-toggle"
        class="sidebar-toggle"
        aria-label={t("admin.toggle_menu")}
        aria-controls="sidebar"
      />
      <header class="topbar">
        <label for="sidebar-toggle" class="topbar-menu" title={t("admin.toggle_menu")} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
          </svg>
        </label>
        <a href={adminMode ? "/channels" : "/interactions"} class="topbar-title">
          {t("common.app_title")}
          {adminMode ? t("admin.admin_suffix") : ""}
        </a>
        <div class="topbar-actions">
          {props.user.channel_id !== null && <UnreadBadge />}
          {adminMode
            ? <CreateButton href="/channels/new" label={t("admin.create_media")} />
            : can(props.user, "create-interaction")
            ? <CreateButton href="/interactions/create" label={t("admin.create_interaction")} />
            : null}
          <a class="avatar" href={`/users/${props.user.id}`} title={t("admin.my_profile")}>
            {props.user.image_url ? <img src={props.user.image_url} alt="" /> : <span>{initials}</span>}
            <span class="sr-only">{t("admin.my_profile")}</span>
          </a>
        </div>
      </header>
      <nav class="sidebar" id="sidebar" aria-label={t("admin.menu_label")}>
        <ul>
          {entries.map((entry) => (
            <li>
              <a href={entry.href} aria-current={entry.key === props.active ? "page" : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
        <div class="sidebar-foot">
          {can(props.user, "help-items-edit") && (
            <a href="/help-items" aria-current={props.active === "help-items" ? "page" : undefined}>
              {t("admin.menu.help_items")}
            </a>
          )}
          {can(props.user, "channels-all") && (
            <a
              href="/platform/sign-in"
              aria-current={props.active === "platform-sign-in" ? "page" : undefined}
            >
              {t("admin.menu.platform_sign_in")}
            </a>
          )}
          <a href="/accessibility">{t("admin.menu.accessibility")}</a>
          <WelcomeHelp />
          <form method="post" action="/logout" class="sidebar-logout">
            <button type="submit" class="btn-link">{t("admin.logout")}</button>
          </form>
        </div>
      </nav>
      <label for="sidebar-toggle" class="sidebar-backdrop" aria-hidden="true"></label>
      <main class="admin-main" id="main" tabIndex={-1}>
        <div class="page-head">
          <h1>{props.heading}</h1>
          {props.actions && <div class="page-actions">{props.actions}</div>}
        </div>
        {props.children}
      </main>
    </div>
  );
}

/**
 * The frame of a channel's own settings pages (phone lines, webhooks, sign-in): a super administrator reaches
 * them from the channels' list, an administrator from Settings; the heading names the channel, with the way
 * back to its page.
 */
export function ChannelSettingsLayout(
  props: {
    user: StaffUser;
    channelId: number;
    label: string;
    title: string;
    actions?: ComponentChildren;
    children: ComponentChildren;
  },
) {
  const { t } = useT();
  const superAdmin = isSuperAdministrator(props.user);
  return (
    <AdminLayout
      user={props.user}
      menu={superAdmin ? "channel" : "settings"}
      active={superAdmin ? "channels" : "settings"}
      heading={`${props.title} · ${props.label}`}
      actions={
        <>
          {props.actions}
          <a class="btn btn-secondary btn-sm" href={`/channels/${props.channelId}`}>
            {t("admin.back_to_channel")}
          </a>
        </>
      }
    >
      {props.children}
    </AdminLayout>
  );
}
