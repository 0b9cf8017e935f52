// Staff management (back-office §2 Users and User profile, §6 roles): who may read or change which
// account. Everyone reads and edits their own profile; an administrator manages the staff of its
// channel; only a super administrator sees every account, moves accounts between channels and names
// super administrators. Nobody changes their own role. Another channel's account is a 404.
import { endUserSessions } from "../platform/sessions.ts";
import { checkChannelQuota } from "../channels/quota.ts";
import type { Sql } from "postgres";
import { type AccountContext, assertAvailable, mailLink } from "../accounts/service.ts";
import { normaliseEmail } from "../rules/accounts.ts";
import { forgetMedia, storeUpload } from "../media/stored.ts";
import { AppError } from "../rules/errors.ts";
import { isSuperAdministrator, requireAccess, type Role, type StaffUser } from "../rules/permissions.ts";
import { hashPassword } from "../platform/password.ts";
import type { Storage } from "../media/storage.ts";
import { checkUpload } from "../media/upload.ts";
import { isEmail, isPhone, isStaffPassword } from "../rules/validation.ts";
import { getChannel } from "../../db/channels.ts";
import {
  getUser,
  insertUser,
  listUsers,
  updateUser,
  type UserColumns,
  type UserRow,
} from "../../db/users.ts";

/** The fields of an account the API shows. */
export function userView(user: UserRow) {
  return {
    id: user.id,
    login: user.login,
    email: user.email,
    phone: user.phone,
    first_name: user.first_name ?? "",
    last_name: user.last_name ?? "",
    language: user.language ?? "fr",
    image: user.image_url,
    image_url: user.image_url,
    active: user.active,
    confirmed: user.confirmed_at !== null,
    role: user.role,
    channel_id: user.channel_id,
    created_at: user.created_at.toISOString(),
  };
}
export type UserView = ReturnType<typeof userView>;

/**
 * The account `id` if the actor may see and change it: its own, or (with users-manage) one of its
 * channel that is not a super administrator; a super administrator may reach any. Else 404, or 403
 * for a user of the same channel without users-manage.
 */
export async function userFor(sql: Sql, actor: StaffUser, id: number): Promise<UserRow> {
  const user = await getUser(sql, id);
  if (!user) throw new AppError(404, "not_found");
  if (user.id === actor.id || isSuperAdministrator(actor)) return user;
  if (isSuperAdministrator(user) || user.channel_id !== actor.channel_id) {
    throw new AppError(404, "not_found");
  }
  requireAccess(actor, "users-manage");
  return user;
}

/** The staff list of the actor: its channel's (never super administrators), or all in super admin mode. */
export async function listUsersFor(sql: Sql, actor: StaffUser): Promise<UserRow[]> {
  requireAccess(actor, "users-manage");
  const rows = await listUsers(sql, actor.channel_id);
  return isSuperAdministrator(actor) ? rows : rows.filter((u) => !isSuperAdministrator(u));
}

/** Fields a profile form may send. */
export interface ProfileFields {
  login?: string;
  email?: string;
  phone?: string | null;
  first_name?: string;
  last_name?: string;
  language?: "fr" | "en" | "pt" | "es" | "pl";
  role?: Role;
  active?: boolean;
  channel_id?: number | null;
}

// Every wrong field is named at once, so the form shows each message under its field (back-office §8);
// the error's own message is the first one's, as before.
function profileColumns(fields: ProfileFields): UserColumns {
  const columns: UserColumns = {};
  const wrong: Record<string, string[]> = {};
  if (fields.login !== undefined) {
    if (!fields.login.trim()) wrong.login = ["login_required"];
    columns.login = fields.login.trim();
  }
  if (fields.email !== undefined) {
    if (!isEmail(fields.email)) wrong.email = ["invalid_email"];
    columns.email = normaliseEmail(fields.email);
  }
  if (fields.phone !== undefined) {
    const phone = fields.phone?.trim() ?? "";
    if (phone && !isPhone(phone)) wrong.phone = ["invalid_phone"];
    columns.phone = phone || null;
  }
  const first = Object.values(wrong)[0];
  if (first) throw new AppError(400, first[0], {}, wrong);
  if (fields.first_name !== undefined) columns.first_name = fields.first_name.trim();
  if (fields.last_name !== undefined) columns.last_name = fields.last_name.trim();
  if (fields.language !== undefined) columns.language = fields.language;
  return columns;
}

/** Checks that a non-super role has an existing channel (the schema's rule, as a 400/422 with a message). */
async function checkPlacement(sql: Sql, role: Role, channelId: number | null) {
  if (channelId === null) {
    if (!isSuperAdministrator({ role })) {
      throw new AppError(400, "channel_required", {}, { channel_id: ["channel_required"] });
    }
    return;
  }
  if (!(await getChannel(sql, channelId))) {
    throw new AppError(422, "channel_not_found", {}, { channel_id: ["channel_not_found"] });
  }
}

/** Applies a profile update of account `id` by `actor` under the rules above; returns the account. */
export async function updateProfile(
  sql: Sql,
  actor: StaffUser,
  id: number,
  fields: ProfileFields,
): Promise<UserRow> {
  const user = await userFor(sql, actor, id);
  const self = user.id === actor.id;
  const columns = profileColumns(fields);
  if (fields.role !== undefined && fields.role !== user.role) {
    if (self) throw new AppError(403, "role_self");
    if (isSuperAdministrator({ role: fields.role }) && !isSuperAdministrator(actor)) {
      throw new AppError(403, "forbidden");
    }
    columns.role = fields.role;
  }
  if (fields.active !== undefined && fields.active !== user.active) {
    if (self) throw new AppError(403, "active_self");
    columns.active = fields.active;
  }
  if (fields.channel_id !== undefined && fields.channel_id !== user.channel_id) {
    if (!isSuperAdministrator(actor)) throw new AppError(403, "channel_forbidden");
    columns.channel_id = fields.channel_id;
  }
  if (columns.role !== undefined || columns.channel_id !== undefined) {
    const channelId = columns.channel_id !== undefined ? columns.channel_id : user.channel_id;
    await checkPlacement(sql, columns.role ?? user.role, channelId);
  }
  await assertAvailable(sql, columns.email, columns.login, user.id);
  await updateUser(sql, user.id, columns);
  // a deactivated member is logged out everywhere: reactivating the account later must not revive a token
  // issued before
  if (columns.active === false) await endUserSessions(sql, "staff", user.id);
  return (await getUser(sql, user.id))!;
}

/** A new account by an administrator (its channel) or a super administrator (any); mails an invitation. */
export async function createUser(
  ctx: AccountContext,
  actor: StaffUser,
  fields: ProfileFields & { password?: string },
): Promise<number> {
  requireAccess(actor, "users-manage");
  if (fields.login === undefined) {
    throw new AppError(400, "login_required", {}, { login: ["login_required"] });
  }
  if (fields.email === undefined) throw new AppError(400, "invalid_email", {}, { email: ["invalid_email"] });
  const columns = profileColumns(fields);
  const role = fields.role ?? "operator";
  if (isSuperAdministrator({ role }) && !isSuperAdministrator(actor)) throw new AppError(403, "forbidden");
  let channelId = actor.channel_id;
  if (fields.channel_id !== undefined && fields.channel_id !== actor.channel_id) {
    if (!isSuperAdministrator(actor)) throw new AppError(403, "channel_forbidden");
    channelId = fields.channel_id;
  }
  if (isSuperAdministrator({ role }) && fields.channel_id === undefined) channelId = null;
  await checkPlacement(ctx.sql, role, channelId);
  if (channelId !== null) await checkChannelQuota(ctx.sql, channelId, "member");
  if (fields.password !== undefined && !isStaffPassword(fields.password)) {
    throw new AppError(400, "invalid_password", {}, { password: ["invalid_password"] });
  }
  await assertAvailable(ctx.sql, columns.email, columns.login);
  const id = await insertUser(ctx.sql, {
    ...columns,
    login: columns.login!,
    email: columns.email!,
    role,
    channel_id: channelId,
    password_hash: fields.password ? await hashPassword(fields.password) : null,
    active: fields.active ?? true,
    confirmed_at: null,
  });
  const inviter = `${actor.first_name ?? ""} ${actor.last_name ?? ""}`.trim() || actor.login;
  await mailLink(ctx, (await getUser(ctx.sql, id))!, fields.password ? "confirm" : "invite", inviter);
  return id;
}

/** Stores an avatar (png/jpg by content, 10 MB) for an account the actor may edit; returns the account. */
export async function storeUserImage(
  sql: Sql,
  storage: Storage,
  actor: StaffUser,
  id: number,
  file: unknown,
): Promise<UserRow> {
  const user = await userFor(sql, actor, id);
  const upload = await checkUpload(file);
  const url = await storeUpload(sql, storage, upload, {
    folder: `users/${id}`,
    name: "avatar",
    channelId: user.channel_id,
  });
  await updateUser(sql, id, { image_url: url });
  await forgetMedia(sql, storage, user.image_url);
  return (await getUser(sql, id))!;
}

/** Removes the avatar of an account the actor may edit. */
export async function deleteUserImage(
  sql: Sql,
  storage: Storage,
  actor: StaffUser,
  id: number,
): Promise<UserRow> {
  const user = await userFor(sql, actor, id);
  await updateUser(sql, id, { image_url: null });
  await forgetMedia(sql, storage, user.image_url);
  return (await getUser(sql, id))!;
}
