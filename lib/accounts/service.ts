// Staff account use cases: login, registration, one-time links (confirm, reset, login) and their mails.
//
// Self-registration (back-office §2 "Login and register"): a staff account always belongs to a channel
// unless it is a super administrator (schema), so a person who registers gets what a trial of a SaaS
// gives: a new channel of their own in status "demo", named after them, of which they are the
// administrator. The account cannot log in before its e-mail is confirmed. A super administrator sees
// the new demo channel in /channels and can activate, close or re-parent it.
import type { Sql } from "postgres";
import { accountMail, type AccountMailKind } from "./mails.ts";
import {
  landingPath,
  normaliseEmail,
  type Registration,
  TOKEN_TTL_MS,
  type TokenPurpose,
} from "../rules/accounts.ts";
import { hashToken, randomToken } from "../platform/auth.ts";
import { stockBackgroundUrl } from "../rules/channels.ts";
import { AppError } from "../rules/errors.ts";
import { isLanguage, type TFunction } from "../rules/i18n.ts";
import type { Mailer } from "../platform/mail.ts";
import { hashPassword, verifyAccountPassword } from "../platform/password.ts";
import { endUserSessions } from "../platform/sessions.ts";
import { isStaffPassword } from "../rules/validation.ts";
import { consumeAuthToken, insertAuthToken, peekAuthToken, revokeAuthTokens } from "../../db/auth_tokens.ts";
import { insertChannel } from "../../db/channels.ts";
import {
  findUserByEmail,
  getStaffUser,
  getUser,
  insertUser,
  takenIdentifiers,
  updateUser,
  userHasPassword,
  type UserRow,
} from "../../db/users.ts";
import { log } from "../platform/log.ts";
import { passwordSignInOff } from "../../db/sso.ts";

/** What the account use cases need from the app. */
export interface AccountContext {
  sql: Sql;
  mailer: Mailer;
  /** The public address, for the links of mails. */
  baseUrl: string;
  now: Date;
  translate(language: string): TFunction;
}

/**
 * The id of the account these credentials open. Unknown e-mail and wrong password give the same
 * 401 after the same work; a right password on an unconfirmed or inactive account gives a 403 that
 * says why.
 */
export async function checkCredentials(sql: Sql, email: string, password: string): Promise<number> {
  const user = await findUserByEmail(sql, normaliseEmail(email));
  const ok = await verifyAccountPassword(password, user?.password_hash);
  if (!user || !ok) throw new AppError(401, "invalid_credentials");
  if (!user.active) throw new AppError(403, "account_inactive");
  if (!user.confirmed_at) throw new AppError(403, "account_unconfirmed");
  await refuseWhenSsoOnly(sql, user.id);
  return user.id;
}

/** A channel that signs in through its provider only refuses passwords and mailed links alike. */
async function refuseWhenSsoOnly(sql: Sql, userId: number): Promise<void> {
  if (await passwordSignInOff(sql, userId)) throw new AppError(403, "password_sign_in_off");
}

/** The id of the account a one-time login token opens (used once, 15 minutes). */
export async function checkLoginToken(ctx: AccountContext, token: string): Promise<number> {
  const userId = await consumeToken(ctx, token, "login");
  const user = userId ? await getUser(ctx.sql, userId) : null;
  if (!user) throw new AppError(401, "link_invalid");
  if (!user.active) throw new AppError(403, "account_inactive");
  await refuseWhenSsoOnly(ctx.sql, user.id);
  return user.id;
}

async function consumeToken(ctx: AccountContext, token: string, purpose: TokenPurpose) {
  return await consumeAuthToken(ctx.sql, await hashToken(token), purpose, ctx.now);
}

/** A new one-time token for the user (the older unused ones of that purpose stop working). */
export async function issueToken(
  ctx: AccountContext,
  userId: number,
  purpose: TokenPurpose,
): Promise<string> {
  const { token, hash } = await randomToken();
  if (purpose !== "login") await revokeAuthTokens(ctx.sql, userId, purpose, ctx.now);
  const expiresAt = new Date(ctx.now.getTime() + TOKEN_TTL_MS[purpose]);
  await insertAuthToken(ctx.sql, { userId, purpose, hash, expiresAt });
  return token;
}

const displayName = (u: Pick<UserRow, "first_name" | "last_name" | "login">) =>
  `${u.first_name ?? ""} ${u.last_name ?? ""}`.trim() || u.login;

/** Mails a one-time link (confirm and invite: /confirm/{token}, reset: /reset/{token}) in the user's language. */
export async function mailLink(
  ctx: AccountContext,
  user: UserRow,
  kind: AccountMailKind,
  inviter?: string,
): Promise<void> {
  const token = await issueToken(ctx, user.id, kind === "reset" ? "reset" : "confirm");
  const link = `${ctx.baseUrl}/${kind === "reset" ? "reset" : "confirm"}/${encodeURIComponent(token)}`;
  const t = ctx.translate(user.language ?? "fr");
  try {
    await ctx.mailer.send(accountMail(t, kind, user.email, { name: displayName(user), link, inviter }));
  } catch (error) {
    log.error("mail failed", { error });
    throw new AppError(503, "mail_unavailable");
  }
}

/** Throws 409 when the e-mail or the login belongs to another account. */
export async function assertAvailable(
  sql: Sql,
  email: string | undefined,
  login: string | undefined,
  exceptId: number | null = null,
) {
  const taken = await takenIdentifiers(sql, email, login, exceptId);
  if (taken.email) throw new AppError(409, "email_taken", {}, { email: ["email_taken"] });
  if (taken.login) throw new AppError(409, "login_taken", {}, { login: ["login_taken"] });
}

/**
 * Registers a staff account (already validated): its own demo channel, the account as its
 * administrator, unconfirmed; mails the confirmation link. When the e-mail already has an account,
 * nothing is created and its owner gets a mail saying someone tried to register with it: the caller
 * answers the same in both cases, so the staff list cannot be enumerated.
 */
export async function register(
  ctx: AccountContext,
  form: Registration,
  language: string,
): Promise<void> {
  const email = normaliseEmail(form.email);
  const login = form.login.trim();
  // the password is hashed in both cases, so that the answer takes as long
  const passwordHash = await hashPassword(form.password);
  const existing = await findUserByEmail(ctx.sql, email);
  if (existing) {
    await mailRegisterAttempt(ctx, (await getUser(ctx.sql, existing.id))!);
    return;
  }
  await assertAvailable(ctx.sql, email, login);
  const lang = isLanguage(language) ? language : "fr";
  const first = form.first_name.trim(), last = form.last_name.trim();
  const userId = await ctx.sql.begin(async (tx) => {
    const channelId = await insertChannel(tx, {
      label: ctx.translate(lang)("auth.new_channel_label", { name: `${first} ${last}` }).slice(0, 100),
      status: "demo",
      language: lang,
      background_url: stockBackgroundUrl(1),
      // under quotas until a super administrator approves it (lib/channels/quota.ts)
      approved_at: null,
    });
    return await insertUser(tx, {
      login,
      email,
      phone: form.phone.trim(),
      password_hash: passwordHash,
      first_name: first,
      last_name: last,
      language: lang,
      role: "administrator",
      channel_id: channelId,
      active: true,
      confirmed_at: null,
    });
  });
  await mailLink(ctx, (await getUser(ctx.sql, userId))!, "confirm");
}

/** Tells the owner of an account, in their language, that someone tried to register with its e-mail. */
async function mailRegisterAttempt(ctx: AccountContext, user: UserRow): Promise<void> {
  const link = `${ctx.baseUrl}/forgot-password`;
  const t = ctx.translate(user.language ?? "fr");
  try {
    await ctx.mailer.send(accountMail(t, "register_attempt", user.email, { name: displayName(user), link }));
  } catch (error) {
    log.error("mail failed", { error });
    throw new AppError(503, "mail_unavailable");
  }
}

/** Sends a new confirmation link to an unconfirmed, active account of that e-mail; silent otherwise. */
export async function resendConfirmation(ctx: AccountContext, email: string): Promise<void> {
  const found = await findUserByEmail(ctx.sql, normaliseEmail(email));
  if (!found || found.confirmed_at || !found.active) return;
  await mailLink(ctx, (await getUser(ctx.sql, found.id))!, found.password_hash ? "confirm" : "invite");
}

/** Sends a password reset link to the active account of that e-mail; silent otherwise. */
export async function requestPasswordReset(ctx: AccountContext, email: string): Promise<void> {
  const found = await findUserByEmail(ctx.sql, normaliseEmail(email));
  if (!found || !found.active) return;
  await mailLink(ctx, (await getUser(ctx.sql, found.id))!, "reset");
}

/** The account behind a still-usable confirm or reset link (to show its page), or null. */
export async function accountOfLink(
  ctx: AccountContext,
  token: string,
  purpose: "confirm" | "reset",
): Promise<UserRow | null> {
  const userId = await peekAuthToken(ctx.sql, await hashToken(token), purpose, ctx.now);
  const user = userId ? await getUser(ctx.sql, userId) : null;
  return user?.active ? user : null;
}

/**
 * Confirms an account from its link; an invited account without a password chooses one here.
 * Returns the e-mail and a login token (15 min) so the page logs the person in directly.
 */
export async function confirmAccount(
  ctx: AccountContext,
  token: string,
  password?: string,
): Promise<{ email: string; loginToken: string }> {
  const pending = await accountOfLink(ctx, token, "confirm");
  if (!pending) throw new AppError(410, "link_invalid");
  if (password !== undefined || !(await userHasPassword(ctx.sql, pending.id))) {
    if (!password || !isStaffPassword(password)) {
      throw new AppError(400, "invalid_password", {}, { password: ["invalid_password"] });
    }
  }
  const userId = await consumeToken(ctx, token, "confirm");
  if (!userId) throw new AppError(410, "link_invalid");
  await updateUser(ctx.sql, userId, {
    confirmed_at: pending.confirmed_at ?? ctx.now,
    ...(password ? { password_hash: await hashPassword(password) } : {}),
  });
  return { email: pending.email, loginToken: await issueToken(ctx, userId, "login") };
}

/**
 * Sets a new password from a reset link (the link proves the mailbox, so it confirms the account too)
 * and ends every session of the account.
 */
export async function resetPassword(ctx: AccountContext, token: string, password: string): Promise<string> {
  if (!isStaffPassword(password)) {
    throw new AppError(400, "invalid_password", {}, { password: ["invalid_password"] });
  }
  const userId = await consumeToken(ctx, token, "reset");
  const user = userId ? await getUser(ctx.sql, userId) : null;
  if (!user || !user.active) throw new AppError(410, "link_invalid");
  await updateUser(ctx.sql, user.id, {
    password_hash: await hashPassword(password),
    confirmed_at: user.confirmed_at ?? ctx.now,
  });
  await endUserSessions(ctx.sql, "staff", user.id);
  await revokeAuthTokens(ctx.sql, user.id, "reset", ctx.now);
  return user.email;
}

/** The confirm page of a link: its still-active account (or null) and whether it must choose a password. */
export async function confirmLinkState(ctx: AccountContext, token: string) {
  const user = await accountOfLink(ctx, token, "confirm");
  return { user, askPassword: !!user && !(await userHasPassword(ctx.sql, user.id)) };
}

/** Where a staff user lands after logging in (lib/rules/accounts.ts landingPath). */
export async function landingAfterLogin(sql: Sql, userId: number): Promise<string> {
  return landingPath((await getStaffUser(sql, userId))!);
}
