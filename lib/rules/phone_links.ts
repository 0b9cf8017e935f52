// Linking a listener's number to their account (visitor widget, my space): the station's line texts a
// short code to the number, the listener types it in. Pure rules; lib/lines/phone_links.ts applies them.
import { hmacSha256, sameText, toHex } from "./hmac.ts";

/** The media a code can be texted by: a voicemail line cannot text. */
export const PHONE_LINK_MEDIA = ["sms", "whatsapp"] as const;
export type PhoneLinkMedium = typeof PHONE_LINK_MEDIA[number];

/** Digits of a code: one in a million per guess. */
export const PHONE_LINK_CODE_DIGITS = 6;

/** How long a code may be typed in (ms): time for an SMS to arrive, short enough to bound guessing. */
export const PHONE_LINK_CODE_TTL_MS = 10 * 60 * 1000;

/** Wrong guesses a code survives: the next one spends it, and a new code must be asked for. */
export const PHONE_LINK_MAX_ATTEMPTS = 5;

/**
 * Codes an account may ask for, and codes a number may receive, per hour: with PHONE_LINK_MAX_ATTEMPTS,
 * at most 25 guesses an hour at one number, and no listener can make the line text a stranger more.
 */
export const PHONE_LINK_REQUEST_LIMIT = { max: 5, windowSeconds: 3600 } as const;

/** A fresh code of PHONE_LINK_CODE_DIGITS digits, from the platform's random source. */
export function newPhoneLinkCode(): string {
  const span = 10 ** PHONE_LINK_CODE_DIGITS;
  const limit = Math.floor(0x1_0000_0000 / span) * span; // rejection keeps every code equally likely
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value < limit) return String(value % span).padStart(PHONE_LINK_CODE_DIGITS, "0");
  }
}

/** The keyed hash a code is kept as, bound to its number and medium (a code is worth nothing elsewhere). */
export function phoneLinkCodeHash(secret: Uint8Array, numberHash: string, medium: string, code: string) {
  return toHex(hmacSha256(secret, `phone-link:${medium}:${numberHash}:${code}`));
}

/** Whether a typed code is the one kept (constant time). */
export function phoneLinkCodeMatches(
  secret: Uint8Array,
  kept: { number_hash: string; medium: string; code_hash: string },
  typed: string,
): boolean {
  const digits = typed.replace(/\s+/g, "");
  if (!new RegExp(`^[0-9]{${PHONE_LINK_CODE_DIGITS}}$`).test(digits)) return false;
  return sameText(phoneLinkCodeHash(secret, kept.number_hash, kept.medium, digits), kept.code_hash);
}

/** Whether a kept code may still be typed in: unused, unexpired, guesses left. */
export function phoneLinkCodeUsable(
  kept: { used_at: Date | null; expires_at: Date; attempts: number },
  now: Date,
): boolean {
  return kept.used_at === null && kept.expires_at.getTime() > now.getTime() &&
    kept.attempts < PHONE_LINK_MAX_ATTEMPTS;
}

/**
 * A number as my space shows it: its last digits only.
 * @example maskedNumber("+33612345678") // "•••• 5678"
 */
export function maskedNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}
