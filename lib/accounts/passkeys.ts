// Passkeys (WebAuthn) as a staff second factor: registered from one's profile, answered at the second step
// of sign-in instead of a code. The relying party is the platform's public address (PUBLIC_URL): its host
// name is the RP ID, its origin the only origin accepted.
import type { Sql } from "postgres";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import {
  insertPasskey,
  listPasskeys,
  movePasskeyCounter,
  replaceRecoveryCodes,
  saveChallenge,
  takeChallenge,
} from "../../db/passkeys.ts";
import { getTotp } from "../../db/two_factor.ts";
import { getUser } from "../../db/users.ts";
import { hashToken } from "../platform/auth.ts";
import { AppError } from "../rules/errors.ts";
import {
  newRecoveryCode,
  normaliseRecoveryCode,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEYS_MAX,
  RECOVERY_CODE_COUNT,
  TOTP_ISSUER,
} from "../rules/two_factor.ts";

// the WebAuthn library is the heaviest module of the server (a second of start-up): loaded by the first passkey
// operation, not by every start
const webauthn = () => import("@simplewebauthn/server");

/** The relying party: who the passkey is for (PUBLIC_URL's host) and the origin its pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** The relying party of a public address. @example relyingPartyOf("https://im.example.org/") */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

const expiry = (now: Date) => new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000);

/** The passkeys an account has: how many, and when each was added and last used (never the key). */
export async function passkeysOf(sql: Sql, userId: number) {
  return (await listPasskeys(sql, userId)).map((p) => ({
    created_at: p.created_at.toISOString(),
    last_used_at: p.last_used_at?.toISOString() ?? null,
  }));
}

/** Options for the browser to create a passkey for the account (its existing ones excluded). */
export async function passkeyRegistrationOptions(
  sql: Sql,
  rp: RelyingParty,
  userId: number,
  now: Date = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await getUser(sql, userId);
  if (!user) throw new AppError(404, "not_found");
  const existing = await listPasskeys(sql, userId);
  if (existing.length >= PASSKEYS_MAX) throw new AppError(409, "passkeys_full", { max: PASSKEYS_MAX });
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.login,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await saveChallenge(sql, {
    challenge: options.challenge,
    userId,
    purpose: "register",
    expiresAt: expiry(now),
  });
  return options;
}

/**
 * Checks the browser's new passkey against a challenge handed to this account (taken once) and keeps it.
 * Returns the ten recovery codes when it is the account's first factor (shown once), else none.
 */
export async function registerPasskey(
  sql: Sql,
  rp: RelyingParty,
  userId: number,
  response: RegistrationResponseJSON,
  now: Date = new Date(),
): Promise<string[] | undefined> {
  const verification = await (await webauthn()).verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => takeChallenge(sql, challenge, userId, "register", now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified || !verification.registrationInfo) throw new AppError(422, "passkey_refused");
  const firstFactor = !(await getTotp(sql, userId))?.confirmed_at &&
    (await listPasskeys(sql, userId)).length === 0;
  const { credential } = verification.registrationInfo;
  await insertPasskey(sql, {
    id: credential.id,
    userId,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
  });
  if (!firstFactor) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    sql,
    userId,
    await Promise.all(codes.map((c) => hashToken(normaliseRecoveryCode(c)))),
  );
  return codes;
}

/** Options for the browser to sign in with one of the account's passkeys; a 404 when it has none. */
export async function passkeyAuthenticationOptions(
  sql: Sql,
  rp: RelyingParty,
  userId: number,
  now: Date = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await listPasskeys(sql, userId);
  if (passkeys.length === 0) throw new AppError(404, "passkey_none");
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports })),
    userVerification: "preferred",
  });
  await saveChallenge(sql, {
    challenge: options.challenge,
    userId,
    purpose: "authenticate",
    expiresAt: expiry(now),
  });
  return options;
}

/**
 * The second step with a passkey: the response must sign a challenge handed to this account (taken once),
 * with one of its passkeys, its counter moving forward. 401 otherwise, as a wrong code.
 */
export async function checkPasskey(
  sql: Sql,
  rp: RelyingParty,
  userId: number,
  response: AuthenticationResponseJSON,
  now: Date = new Date(),
): Promise<void> {
  const passkey = (await listPasskeys(sql, userId)).find((p) => p.id === response.id);
  if (!passkey) throw new AppError(401, "invalid_passkey");
  const verification = await (await webauthn()).verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => takeChallenge(sql, challenge, userId, "authenticate", now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError(401, "invalid_passkey");
  if (
    !await movePasskeyCounter(sql, passkey.id, passkey.counter, verification.authenticationInfo.newCounter)
  ) {
    throw new AppError(401, "invalid_passkey");
  }
}
