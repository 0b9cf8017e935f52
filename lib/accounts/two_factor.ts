// Two-factor sign-in for staff: enrolment of an authenticator app (time-based codes, RFC 6238) with ten
// one-time recovery codes, the second step of sign-in, and an administrator's reset of a lost factor.
// Who must have one is the stricter of the channel's and the platform's policy (lib/rules/two_factor.ts).
import type { Sql } from "postgres";
import { Secret, TOTP as Totp } from "otpauth";
import {
  hashToken,
  type SecondStep,
  signSecondStepTicket,
  verifySecondStepTicket,
} from "../platform/auth.ts";
import { decryptSecret, encryptSecret } from "../platform/crypto.ts";
import { AppError } from "../rules/errors.ts";
import { isSuperAdministrator, requireAccess, type StaffUser } from "../rules/permissions.ts";
import { QR_QUIET_ZONE, qrMatrix, qrPath } from "../rules/qr.ts";
import {
  isTotpCode,
  newRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  requiresSecondFactor,
  SECOND_STEP_TTL_SECONDS,
  stricterPolicy,
  TOTP,
  TOTP_ISSUER,
  TOTP_WINDOW,
  type TwoFactorPolicy,
} from "../rules/two_factor.ts";
import {
  claimTotpStep,
  confirmTotp,
  countRecoveryCodes,
  deleteSecondFactors,
  getTotp,
  getTwoFactorSettings,
  setChannelTwoFactor,
  setPlatformTwoFactor,
  spendRecoveryCode,
  startTotp,
  twoFactorPolicies,
} from "../../db/two_factor.ts";
import { getUser } from "../../db/users.ts";
import { listPasskeys } from "../../db/passkeys.ts";

/** What a staff account's profile shows of its second factor. */
export interface TwoFactorStatus {
  enrolled: boolean;
  /** An authenticator app is confirmed. */
  app: boolean;
  /** How many passkeys the account has. */
  passkeys: number;
  required: boolean;
  recovery_codes_left: number;
}

/** Whether the account has a confirmed factor, whether its channel or the platform requires one. */
export async function twoFactorStatus(
  sql: Sql,
  user: Pick<StaffUser, "id" | "role">,
): Promise<TwoFactorStatus> {
  const totp = await getTotp(sql, user.id);
  const passkeys = (await listPasskeys(sql, user.id)).length;
  // an authenticator app or a passkey: either one is the second factor asked at sign-in
  const enrolled = !!totp?.confirmed_at || passkeys > 0;
  return {
    enrolled,
    app: !!totp?.confirmed_at,
    passkeys,
    required: requiresSecondFactor(await policyFor(sql, user.id), user),
    recovery_codes_left: enrolled ? await countRecoveryCodes(sql, user.id) : 0,
  };
}

async function policyFor(sql: Sql, userId: number): Promise<TwoFactorPolicy> {
  const { channel, platform } = await twoFactorPolicies(sql, userId);
  return stricterPolicy(channel, platform);
}

/**
 * What sign-in still asks of an account whose password (or login link) was right: a code when it has a
 * factor, an enrolment when its channel or the platform requires one it has not, else nothing (null).
 */
export async function secondStepFor(sql: Sql, userId: number): Promise<SecondStep | null> {
  const user = await getUser(sql, userId);
  if (!user) return null;
  const status = await twoFactorStatus(sql, user);
  if (status.enrolled) return "code";
  return status.required ? "enrol" : null;
}

/** The half session for that step (lib/platform/auth.ts signSecondStepTicket). */
export async function secondStepTicket(
  jwtSecret: Uint8Array,
  userId: number,
  step: SecondStep,
): Promise<string> {
  return await signSecondStepTicket(jwtSecret, userId, step, SECOND_STEP_TTL_SECONDS);
}

/** What an authenticator app reads: the secret (base32, to type by hand), its otpauth:// address and its QR code. */
export interface Enrolment {
  secret: string;
  uri: string;
  /** The QR code's dark modules as one SVG path, in a square of `qr_size` modules (quiet zone included). */
  qr_path: string;
  qr_size: number;
}

/**
 * Starts an enrolment: a new secret, stored sealed and unconfirmed until a right code comes back
 * (confirmEnrolment). An account that already has a factor gets a 409: an administrator resets it first.
 */
export async function startEnrolment(sql: Sql, jwtSecret: Uint8Array, userId: number): Promise<Enrolment> {
  const user = await getUser(sql, userId);
  if (!user) throw new AppError(404, "not_found");
  const secret = new Secret({ size: 20 });
  if (!await startTotp(sql, userId, await encryptSecret(jwtSecret, secret.base32))) {
    throw new AppError(409, "two_factor_enrolled");
  }
  const uri = totpOf(secret, user.email).toString();
  const matrix = qrMatrix(uri)!;
  return { secret: secret.base32, uri, qr_path: qrPath(matrix), qr_size: matrix.length + 2 * QR_QUIET_ZONE };
}

function totpOf(secret: Secret, label = "") {
  return new Totp({ issuer: TOTP_ISSUER, label, secret, ...TOTP });
}

/**
 * Checks a code of the account's app (confirmed or, with `pending`, the one being enrolled): within one
 * step of now either side, and of a later step than the last code accepted (a code is used once).
 */
async function checkTotp(
  sql: Sql,
  jwtSecret: Uint8Array,
  userId: number,
  code: string,
  now: Date,
  pending: boolean,
): Promise<void> {
  const totp = await getTotp(sql, userId);
  if (!totp || !!totp.confirmed_at === pending) throw new AppError(401, "invalid_code");
  const secret = Secret.fromBase32(await decryptSecret(jwtSecret, totp.secret_enc));
  const token = code.replace(/\s/g, "");
  const delta = totpOf(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) throw new AppError(401, "invalid_code");
  const step = Totp.counter({ period: TOTP.period, timestamp: now.getTime() }) + delta;
  if (!await claimTotpStep(sql, userId, step)) throw new AppError(401, "code_used");
}

/**
 * Confirms an enrolment with a code of the app, and returns the ten recovery codes, shown this once (only
 * their hashes are kept).
 */
export async function confirmEnrolment(
  sql: Sql,
  jwtSecret: Uint8Array,
  userId: number,
  code: string,
  now: Date = new Date(),
): Promise<string[]> {
  if (!isTotpCode(code)) throw new AppError(401, "invalid_code");
  await checkTotp(sql, jwtSecret, userId, code, now, true);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await confirmTotp(sql, userId, await Promise.all(codes.map((c) => hashToken(normaliseRecoveryCode(c)))));
  return codes;
}

/** The second step of sign-in: a code of the app, or one of the recovery codes (used up). 401 otherwise. */
export async function checkSecondFactor(
  sql: Sql,
  jwtSecret: Uint8Array,
  userId: number,
  code: string,
  now: Date = new Date(),
): Promise<void> {
  if (isTotpCode(code)) return await checkTotp(sql, jwtSecret, userId, code, now, false);
  const typed = normaliseRecoveryCode(code);
  if (typed.length !== 10 || !await spendRecoveryCode(sql, userId, await hashToken(typed))) {
    throw new AppError(401, "invalid_code");
  }
}

/**
 * An administrator removes the second factor of a colleague who lost it (users-manage, same channel; a
 * super administrator anyone's); the person enrols again at their next sign-in if it is required. Returns
 * the person's channel, whose audit log records the reset.
 */
export async function resetSecondFactor(sql: Sql, actor: StaffUser, userId: number): Promise<number | null> {
  requireAccess(actor, "users-manage");
  const user = await getUser(sql, userId);
  const sameChannel = user && user.channel_id !== null && user.channel_id === actor.channel_id;
  if (!user || (!isSuperAdministrator(actor) && (!sameChannel || isSuperAdministrator(user)))) {
    throw new AppError(404, "not_found");
  }
  if (!await deleteSecondFactors(sql, userId)) throw new AppError(404, "two_factor_none");
  return user.channel_id;
}

/**
 * A member of staff turns their own second factor off (the app, passkeys and recovery codes), confirmed by a
 * current code of the app or one of their recovery codes: someone who only found an open session cannot.
 * Refused (409) while their channel or the platform requires one; 404 when they have none.
 */
export async function turnOffOwnSecondFactor(
  sql: Sql,
  jwtSecret: Uint8Array,
  user: Pick<StaffUser, "id" | "role">,
  code: string,
  now: Date = new Date(),
): Promise<void> {
  const status = await twoFactorStatus(sql, user);
  if (!status.enrolled) throw new AppError(404, "two_factor_none");
  if (status.required) throw new AppError(409, "two_factor_required");
  await checkSecondFactor(sql, jwtSecret, user.id, code, now);
  await deleteSecondFactors(sql, user.id);
}

/** Who must have a second factor in the actor's channel, and on the platform. */
export async function twoFactorSettingsFor(sql: Sql, actor: StaffUser) {
  requireAccess(actor, "channel-settings");
  return await getTwoFactorSettings(sql, actor.channel_id);
}

/**
 * Sets who must have a second factor: in the actor's channel (channel-settings), or on the whole
 * platform (super administrators only).
 */
export async function setTwoFactorPolicy(
  sql: Sql,
  actor: StaffUser,
  scope: "channel" | "platform",
  policy: TwoFactorPolicy,
): Promise<void> {
  requireAccess(actor, "channel-settings");
  if (scope === "platform") {
    if (!isSuperAdministrator(actor)) throw new AppError(403, "forbidden");
    return await setPlatformTwoFactor(sql, policy);
  }
  if (actor.channel_id === null) throw new AppError(404, "not_found");
  await setChannelTwoFactor(sql, actor.channel_id, policy);
}

/** The active account and step of a second-step ticket; a 401 when it expired or the account is inactive. */
export async function secondStepAccount(
  sql: Sql,
  jwtSecret: Uint8Array,
  ticket: string,
): Promise<{ id: number; email: string; step: SecondStep }> {
  const half = await verifySecondStepTicket(jwtSecret, ticket);
  const user = half && await getUser(sql, half.subject);
  if (!half || !user?.active) throw new AppError(401, "second_step_expired");
  return { id: user.id, email: user.email, step: half.step };
}
