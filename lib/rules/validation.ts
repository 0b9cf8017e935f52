// Field rules shared by the back office (back-office §5) and the widget (visitor-widget §5).
// Pure: used by the API on the server and by the islands in the browser.
import { MIN_PASSWORD_LENGTH_VISITOR } from "./constants.ts";

/** The simple {email} pattern of both specs: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Phone (both specs §5): optional +, three digits, optional separator, three digits, optional separator, 3 to 7 digits. */
export const PHONE_PATTERN = /^\+?\d{3}[\s.-]?\d{3}[\s.-]?\d{3,7}$/;

/** Staff password (back-office §5): 8 to 30 characters with an uppercase letter, a digit and a special character. */
export const STAFF_PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,30}$/;

/** True for a well-formed e-mail address. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * A phone number as usually written ("+33 6 12 34 56 78", "06.12.34.56.78", "(061) 234-5678") reduced
 * to its digits and leading +, to which the spec's pattern applies.
 * @example normalisePhone("+33 6 12 34 56 78") // "+33612345678"
 */
export function normalisePhone(value: string): string {
  const trimmed = value.trim();
  const plus = trimmed.startsWith("+") ? "+" : "";
  return /^\+?[\d\s.\-()\u00a0/]*$/.test(trimmed) ? plus + trimmed.replace(/[^\d]/g, "") : trimmed;
}

/** True for a phone number of the spec's pattern once its usual separators are removed. */
export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(normalisePhone(value));
}

/** True for a staff password of the back-office rule. */
export function isStaffPassword(value: string): boolean {
  return STAFF_PASSWORD_PATTERN.test(value);
}

/** True for a visitor password (widget §5: at least 8 characters). */
export function isVisitorPassword(value: string): boolean {
  return value.length >= MIN_PASSWORD_LENGTH_VISITOR;
}

// A NUL or a lone UTF-16 surrogate: PostgreSQL text cannot hold the first (22P05) and UTF-8 cannot
// encode the second (it would be stored as U+FFFD, silently changed).
// deno-lint-ignore no-control-regex -- finding the NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a text holds a character the database cannot store as typed. */
export function hasUnstorableCharacter(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * The paths (`a.b.0`) of every text, object key included, holding a character the database cannot
 * store, in a parsed request body, query or form (files are skipped).
 * @example unstorableTextPaths({ text: "a\u0000b" }) // ["text"]
 */
export function unstorableTextPaths(value: unknown, path = ""): string[] {
  if (typeof value === "string") return hasUnstorableCharacter(value) ? [path || "_"] : [];
  if (value === null || typeof value !== "object" || value instanceof Blob) return [];
  const found: string[] = [];
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const itemPath = path ? `${path}.${key}` : String(key);
    if (typeof key === "string" && hasUnstorableCharacter(key)) found.push(itemPath);
    else found.push(...unstorableTextPaths(item, itemPath));
  }
  return found;
}
