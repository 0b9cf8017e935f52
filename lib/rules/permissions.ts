// Who may do what in the back office: the staff roles, their permissions, and the one check every
// service calls before it acts on a channel.
import { AppError } from "./errors.ts";

/** Staff roles (DESIGN.md "Auth"). */
export const ROLES = ["super_administrator", "administrator", "operator"] as const;
export type Role = typeof ROLES[number];

/** Permission names: the spec's (back-office §6) then the ones the rest of the product needs. */
export const PERMISSIONS = [
  "interaction-visual",
  "interaction-text",
  "interaction-type",
  "interaction-availability",
  "interaction-participants",
  "interaction-description",
  "interaction-sous-menu-actions",
  "interaction-action-goto-participations",
  "interaction-action-edit",
  "interaction-action-archived",
  "interaction-action-trash",
  "interaction-action-duplicate",
  "create-interaction",
  "participations-read",
  "participations-reply",
  "participations-action",
  "participations-export",
  "participations-delivery",
  "moderation",
  "ai-assistant",
  "channel-settings",
  "channel-customisation",
  "users-manage",
  "channels-all",
  "channels-create",
  "help-items-edit",
  "listener-data-erase",
] as const;
export type Permission = typeof PERMISSIONS[number];

const READ_INTERACTIONS: Permission[] = [
  "interaction-visual",
  "interaction-text",
  "interaction-type",
  "interaction-availability",
  "interaction-participants",
  "interaction-description",
  "interaction-sous-menu-actions",
  "interaction-action-goto-participations",
];

const WORK_PARTICIPATIONS: Permission[] = [
  "participations-read",
  "participations-reply",
  "participations-action",
  "participations-export",
  "participations-delivery",
  "moderation",
  "ai-assistant",
];

const ADMINISTRATE_CHANNEL: Permission[] = [
  "interaction-action-edit",
  "interaction-action-archived",
  "interaction-action-trash",
  "interaction-action-duplicate",
  "create-interaction",
  "channel-settings",
  "channel-customisation",
  "users-manage",
  // Erase a listener's data on request (administrators, not operators)
  "listener-data-erase",
];

/** Which role holds which permission: the one table the UI and the API both read. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  operator: new Set([...READ_INTERACTIONS, ...WORK_PARTICIPATIONS]),
  administrator: new Set([...READ_INTERACTIONS, ...WORK_PARTICIPATIONS, ...ADMINISTRATE_CHANNEL]),
  super_administrator: new Set(PERMISSIONS),
};

/** The staff user as the app knows it after authentication. */
export interface StaffUser {
  id: number;
  login: string;
  email: string;
  role: Role;
  channel_id: number | null;
  language: string | null;
  first_name: string | null;
  last_name: string | null;
  image_url: string | null;
}

/** True for a super administrator: every permission, on every channel (spec §4). */
export function isSuperAdministrator(user: Pick<StaffUser, "role">): boolean {
  return user.role === "super_administrator";
}

/** True when the user's role holds the permission. */
export function can(user: Pick<StaffUser, "role"> | null | undefined, permission: Permission): boolean {
  return !!user && ROLE_PERMISSIONS[user.role].has(permission);
}

/** Super admin mode (spec §4): a super administrator with no channel selected. */
export function isSuperAdminMode(user: Pick<StaffUser, "role" | "channel_id">): boolean {
  return isSuperAdministrator(user) && user.channel_id === null;
}

/**
 * True when the user may act on an object of `channelId`: its own channel, or any for a super
 * administrator.
 */
export function canAccessChannel(user: Pick<StaffUser, "role" | "channel_id">, channelId: number): boolean {
  return isSuperAdministrator(user) || user.channel_id === channelId;
}

/**
 * The one permission check, at the top of a service or route: 401 without a staff user, 403 unless
 * the user's role holds `permission` (the table above) and, when `channelIds` are given, the user
 * may act on each of those channels.
 * Example: `requireAccess(user, "interaction-action-trash", [segment.channel_id])`.
 */
export function requireAccess(
  user: StaffUser | null | undefined,
  permission: Permission,
  channelIds: readonly number[] = [],
): asserts user is StaffUser {
  if (!user) throw new AppError(401, "unauthorized");
  if (!can(user, permission)) throw new AppError(403, "forbidden");
  if (channelIds.some((id) => !canAccessChannel(user, id))) throw new AppError(403, "forbidden");
}
