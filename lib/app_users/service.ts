// Visitor account use cases (widget §5, §6, §7): registration, login, availability, forgotten
// password, profile and avatar. Routes call these; SQL stays in db/.
import { forgetMedia, storeUpload } from "../media/stored.ts";
import type { Sql } from "postgres";
import {
  type AppUserRow,
  checkEmail,
  checkNickname,
  checkPassword,
  checkPhone,
  fieldError,
  nicknameProblem,
  normaliseEmail,
  parseBirthDate,
} from "../rules/app_users.ts";
import { hashToken, randomToken } from "../platform/auth.ts";
import { endUserSessions, openSession } from "../platform/sessions.ts";
import { AVATAR_MAX_BYTES, AVATAR_MIMES, RESET_TOKEN_TTL_MS } from "../rules/constants.ts";
import { AppError } from "../rules/errors.ts";
import { isLanguage, type TFunction } from "../rules/i18n.ts";
import type { Mailer } from "../platform/mail.ts";
import { hashPassword, verifyAccountPassword } from "../platform/password.ts";
import type { Storage } from "../media/storage.ts";
import { checkUpload } from "../media/upload.ts";
import { isEmail } from "../rules/validation.ts";
import * as db from "../../db/app_users.ts";
import { getChannel } from "../../db/channels.ts";
import { log } from "../platform/log.ts";

/** What registration receives (widget §7 Register app user). */
export interface RegistrationInput {
  email?: string | null;
  password?: string | null;
  nickname?: string | null;
  phone?: string | null;
  language?: string | null;
  is_anonymous?: boolean;
  channel_id?: number | null;
  udid?: string | null;
}

/** Turns a unique violation of app_users into the 409 of the field it concerns. */
function takenError(error: unknown): never {
  const e = error as { code?: string; constraint_name?: string };
  if (e?.code === "23505" && e.constraint_name === "app_users_email_key") {
    throw fieldError("email", "email_taken", 409);
  }
  if (e?.code === "23505" && e.constraint_name === "app_users_nickname_key") {
    throw fieldError("nickname", "nickname_taken", 409);
  }
  throw error;
}

function checkLanguage(language: string | null | undefined): string {
  if (language === undefined || language === null || language === "") return "fr";
  if (!isLanguage(language)) throw fieldError("language", "language_invalid");
  return language;
}

/**
 * Creates an app user and signs its visitor token. Anonymous: a pseudonym only (never an email,
 * password or phone; not checked against registered nicknames), and the same device sending the same
 * pseudonym again gets its existing anonymous user back (`created` false). Full: email, password of
 * 8+ characters, a free nickname, optional phone of the §5 pattern.
 */
export async function register(
  sql: Sql,
  secret: Uint8Array,
  input: RegistrationInput,
): Promise<{ user: AppUserRow; access_token: string; created: boolean }> {
  const language = checkLanguage(input.language);
  if (input.channel_id != null && !(await getChannel(sql, input.channel_id))) {
    throw fieldError("channel_id", "channel_unknown");
  }
  const common = { language, channel_id: input.channel_id ?? null, udid: input.udid?.trim() || null };
  let values: db.AppUserColumns;
  if (input.is_anonymous) {
    const nickname = checkNickname(input.nickname);
    const known = common.udid ? await db.findAnonymous(sql, common.udid, nickname) : null;
    if (known) {
      return {
        user: known,
        access_token: await openSession(sql, secret, known.id, "visitor"),
        created: false,
      };
    }
    values = { ...common, is_anonymous: true, nickname };
  } else {
    const email = checkEmail(input.email);
    const password = checkPassword(input.password);
    const nickname = checkNickname(input.nickname);
    const phone = checkPhone(input.phone);
    if (await db.isEmailTaken(sql, email)) throw fieldError("email", "email_taken", 409);
    if (await db.isNicknameTaken(sql, nickname)) throw fieldError("nickname", "nickname_taken", 409);
    values = {
      ...common,
      is_anonymous: false,
      email,
      nickname,
      phone,
      password_hash: await hashPassword(password),
    };
  }
  const user = await db.insertAppUser(sql, values).catch(takenError);
  return { user, access_token: await openSession(sql, secret, user.id, "visitor"), created: true };
}

/**
 * Checks an email and password; the same 401 `invalid_credentials` for an unknown email and a wrong
 * password, after the same work (verifyAccountPassword).
 */
export async function login(
  sql: Sql,
  secret: Uint8Array,
  email: string,
  password: string,
): Promise<{ user: AppUserRow; access_token: string }> {
  const user = isEmail(email) ? await db.findRegisteredByEmail(sql, normaliseEmail(email)) : null;
  const ok = await verifyAccountPassword(password, user?.password_hash);
  if (!user || !ok) throw new AppError(401, "invalid_credentials");
  return { user, access_token: await openSession(sql, secret, user.id, "visitor") };
}

/** Throws 400 email_invalid or 409 email_taken unless the email is free for a registration. */
export async function checkEmailAvailable(sql: Sql, email: string, exceptId: number | null = null) {
  const value = checkEmail(email);
  if (await db.isEmailTaken(sql, value, exceptId)) throw fieldError("email", "email_taken", 409);
}

/** Throws 400 nickname_invalid or 409 nickname_taken unless the nickname is free. */
export async function checkNicknameAvailable(sql: Sql, nickname: string, exceptId: number | null = null) {
  const problem = nicknameProblem(nickname);
  if (problem) throw fieldError("nickname", problem === "nickname_required" ? "nickname_invalid" : problem);
  if (await db.isNicknameTaken(sql, nickname.trim(), exceptId)) {
    throw fieldError("nickname", "nickname_taken", 409);
  }
}

/**
 * Mails a one-hour, single-use reset link to a registered app user of that email, if there is one.
 * Says nothing either way (the caller answers the same).
 */
export async function forgotPassword(
  deps: { sql: Sql; mailer: Mailer; baseUrl: string; now: Date; translate: (lang: string) => TFunction },
  email: string,
  channelId: number | null,
): Promise<void> {
  const user = await db.findRegisteredByEmail(deps.sql, normaliseEmail(email));
  if (!user?.email) return;
  const { token, hash } = await randomToken();
  await db.insertResetToken(deps.sql, user.id, hash, new Date(deps.now.getTime() + RESET_TOKEN_TTL_MS));
  const query = new URLSearchParams({ lang: user.language });
  if (channelId !== null && await getChannel(deps.sql, channelId)) query.set("channel_id", String(channelId));
  const link = `${deps.baseUrl}/account/reset/${token}?${query}`;
  const t = deps.translate(user.language);
  const name = user.nickname ?? user.first_name ?? "";
  try {
    await deps.mailer.send({
      to: user.email,
      subject: t("account.reset_mail_subject"),
      text: t("account.reset_mail_text", { name, link }),
      html: t("account.reset_mail_html", { name: escapeHtml(name), link }),
    });
  } catch (error) {
    // An error answer would tell that the account exists: log it, answer as usual.
    log.error("forgot password mail failed", { error });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** True when a reset link is still usable (for the page). */
export async function isResetTokenValid(sql: Sql, token: string, now: Date): Promise<boolean> {
  return (await db.resetTokenOwner(sql, await hashToken(token), now)) !== null;
}

/**
 * Sets a new password (8+ characters) through a reset link, once; 410 reset_token_invalid otherwise.
 * Every session of that listener ends.
 */
export async function resetPassword(sql: Sql, token: string, password: string, now: Date): Promise<void> {
  const valid = checkPassword(password);
  const hash = await hashToken(token);
  if ((await db.resetTokenOwner(sql, hash, now)) === null) throw new AppError(410, "reset_token_invalid");
  const userId = await db.consumeResetToken(sql, hash, await hashPassword(valid), now);
  if (userId === null) throw new AppError(410, "reset_token_invalid");
  await endUserSessions(sql, "visitor", userId);
}

/** The registered app user behind a visitor token: 401 when gone, 403 for an anonymous one (§6). */
export async function registeredUserOf(sql: Sql, appUserId: number): Promise<AppUserRow> {
  const user = await db.getAppUser(sql, appUserId);
  if (!user) throw new AppError(401, "unauthorized");
  if (user.is_anonymous) throw new AppError(403, "anonymous_forbidden");
  return user;
}

/** The app user of the path, which must be the caller (403 otherwise), registered. */
export async function ownRegisteredUser(sql: Sql, callerId: number, pathId: number): Promise<AppUserRow> {
  const user = await registeredUserOf(sql, callerId);
  if (pathId !== callerId) throw new AppError(403, "forbidden");
  return user;
}

/** Fields of the profile form (widget §2 Profile edit, §7 Profile save); absent = unchanged. */
export interface ProfileInput {
  first_name?: string | null;
  last_name?: string | null;
  nickname?: string | null;
  phone?: string | null;
  city?: string | null;
  language?: string | null;
  receive_emails?: boolean;
  birth_date?: string | null;
  email?: string | null;
  login?: string | null;
}

const optionalText = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

/**
 * Saves the profile of a registered app user: every field is checked first and nothing changes on an
 * error. An empty first or last name is refused (§5); a changed email is re-checked for availability.
 */
export async function updateProfile(
  sql: Sql,
  user: AppUserRow,
  input: ProfileInput,
  now: Date,
): Promise<AppUserRow> {
  const values: db.AppUserColumns = {};
  for (const field of ["first_name", "last_name"] as const) {
    if (input[field] === undefined) continue;
    const value = optionalText(input[field]);
    if (!value) throw fieldError(field, `${field}_required`);
    values[field] = value;
  }
  if (input.nickname !== undefined) {
    const nickname = checkNickname(input.nickname);
    if (await db.isNicknameTaken(sql, nickname, user.id)) throw fieldError("nickname", "nickname_taken", 409);
    values.nickname = nickname;
  }
  if (input.phone !== undefined) values.phone = checkPhone(input.phone);
  if (input.city !== undefined) values.city = optionalText(input.city);
  if (input.language !== undefined) {
    if (!isLanguage(input.language)) throw fieldError("language", "language_invalid");
    values.language = input.language;
  }
  if (input.receive_emails !== undefined) values.receive_emails = input.receive_emails;
  if (input.birth_date !== undefined) {
    const text = input.birth_date?.trim() ?? "";
    const iso = text ? parseBirthDate(text, now) : null;
    if (text && !iso) throw fieldError("birth_date", "birth_date_invalid");
    values.birth_date = iso;
  }
  const emailSent = input.email ?? input.login;
  if (emailSent !== undefined && emailSent !== null && normaliseEmail(emailSent) !== user.email) {
    const email = checkEmail(emailSent);
    if (await db.isEmailTaken(sql, email, user.id)) throw fieldError("email", "email_taken", 409);
    values.email = email;
  }
  const updated = await db.updateAppUser(sql, user.id, values).catch(takenError);
  if (!updated) throw new AppError(401, "unauthorized");
  return updated;
}

/** The storage key behind a /media/ URL, or null. */

/**
 * Stores an avatar (an image recognised from its bytes: png, jpg, gif or webp; 5 MB at most) and
 * points the app user at it; the previous uploaded avatar is removed. Returns the updated user.
 */
export async function storeAvatar(
  sql: Sql,
  storage: Storage,
  user: AppUserRow,
  file: unknown,
): Promise<AppUserRow> {
  const upload = await checkUpload(file, {
    maxBytes: AVATAR_MAX_BYTES,
    accept: AVATAR_MIMES,
    typeError: "file_type_avatar",
  });
  const url = await storeUpload(sql, storage, upload, {
    folder: `app_users/${user.id}`,
    name: "avatar",
    channelId: user.channel_id,
  });
  const updated = await db.updateAppUser(sql, user.id, { avatar_url: url });
  await forgetMedia(sql, storage, user.avatar_url);
  return updated!;
}
