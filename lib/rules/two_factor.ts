// Two-factor sign-in for staff: who must have a second factor, and the shape of the codes. Pure: shared by
// the API, the pages and the islands.
import type { StaffUser } from "./permissions.ts";

/** Who a channel (or the platform) asks a second factor of. */
export const TWO_FACTOR_POLICIES = ["none", "administrators", "everyone"] as const;
export type TwoFactorPolicy = typeof TWO_FACTOR_POLICIES[number];

/** RFC 6238 defaults every authenticator app reads: 30-second steps, 6 digits, SHA-1. */
export const TOTP = { period: 30, digits: 6, algorithm: "SHA1" } as const;
/** Steps either side of now a code may come from: a phone clock off by up to 30 s still signs in. */
export const TOTP_WINDOW = 1;
/** The longest code a form takes and the API reads: six digits or a recovery code, with room for spaces. */
export const TWO_FACTOR_CODE_MAX = 40;
/** Recovery codes given at enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the "half session" between the password and the second step lasts. */
export const SECOND_STEP_TTL_SECONDS = 5 * 60;
/** How long a passkey challenge (registration or sign-in) may be answered, in seconds. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** At most this many passkeys per account (a phone, a laptop, a spare security key…). */
export const PASSKEYS_MAX = 10;
/** The name the authenticator app shows above the codes. */
export const TOTP_ISSUER = "Interaction Manager";

const ORDER: Record<TwoFactorPolicy, number> = { none: 0, administrators: 1, everyone: 2 };

/** The stricter of two policies (the platform's and the channel's): neither can loosen the other. */
export function stricterPolicy(a: TwoFactorPolicy, b: TwoFactorPolicy): TwoFactorPolicy {
  return ORDER[a] >= ORDER[b] ? a : b;
}

/**
 * Whether a policy asks this person for a second factor: "administrators" counts channel administrators
 * and super administrators.
 * @example requiresSecondFactor("administrators", { role: "operator" }) // false
 */
export function requiresSecondFactor(policy: TwoFactorPolicy, user: Pick<StaffUser, "role">): boolean {
  if (policy === "everyone") return true;
  return policy === "administrators" && user.role !== "operator";
}

// no 0/O, 1/I/L: a person copies these from paper
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A new recovery code: ten characters in two groups, about 50 bits. */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A recovery code as typed, in the form it was hashed: upper case, without spaces or dashes.
 * @example normaliseRecoveryCode(" abcde-fghjk ") // "ABCDEFGHJK"
 */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

/** Whether what was typed looks like a six-digit code (else it is tried as a recovery code). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ""));
}
