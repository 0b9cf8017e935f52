// Pure rules of the listeners' data rights: retention dates, consent records, export links.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The date `months` calendar months after `date` (negative: before), in UTC; the day is clamped. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Participations created before this date are past a retention of `months`. */
export const retentionCutoff = (now: Date, months: number): Date => addMonths(now, -months);

/**
 * When a participation's media and personal data will be erased under the channel's retention, or
 * null when the channel keeps them (or the participation is already erased).
 * @example erasureDate(new Date("2026-01-31"), 1) // 2026-02-28
 */
export function erasureDate(
  createdAt: Date,
  months: number | null,
  erasedAt: Date | null = null,
): Date | null {
  if (months === null || erasedAt) return null;
  return addMonths(createdAt, months);
}

/** What the listener was shown next to the consent boxes they ticked. */
export interface ConsentSources {
  /** The segment's customisation merged over its channel's default one. */
  customisation: Record<string, unknown>;
  legalNotice: string | null;
  gdpr: boolean;
  imageRight: boolean;
}

const str = (v: unknown) => typeof v === "string" && v.trim() !== "" ? v : null;

/**
 * The consent texts a participation was sent under, as a flat record of the texts shown (titles,
 * texts, legal notice): only the consents given. Empty when none was given.
 */
export function consentTexts(s: ConsentSources): Record<string, string> {
  const out: Record<string, string> = {};
  const keep = (key: string, value: unknown) => {
    const text = str(value);
    if (text) out[key] = text;
  };
  if (s.gdpr) {
    out.consent_gdpr = "accepted";
    keep("title_consent", s.customisation.title_consent);
    keep("consent_gdpr_text", s.customisation.consent_gdpr_text);
  }
  if (s.imageRight) {
    out.consent_image_right = "accepted";
    keep("title_consent_image_right", s.customisation.title_consent_image_right);
    keep("image_right_text", s.customisation.image_right_text);
  }
  if (s.gdpr || s.imageRight) keep("legal_notice", s.legalNotice);
  return out;
}

/** The SHA-256 (hex) of a consent record, its keys sorted: the same texts always hash the same. */
export function consentHash(texts: Record<string, string>): string {
  const sorted = Object.fromEntries(Object.keys(texts).sort().map((k) => [k, texts[k]]));
  return createHash("sha256").update(JSON.stringify(sorted)).digest("hex");
}

/** The signature of an export download link valid until `expires` (unix seconds). */
export function exportSignature(secret: Uint8Array, id: string, expires: number): string {
  return createHmac("sha256", secret).update(`data-export:${id}:${expires}`).digest("base64url");
}

/** True when the link's signature is ours and its time has not passed. */
export function isValidExportLink(
  secret: Uint8Array,
  link: { id: string; expires: number; signature: string },
  now: Date,
): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires * 1000 <= now.getTime()) return false;
  const expected = new TextEncoder().encode(exportSignature(secret, link.id, link.expires));
  const given = new TextEncoder().encode(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
