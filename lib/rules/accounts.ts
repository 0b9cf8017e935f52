// Staff account rules (back-office §2 Login and register, §4 Login, §5 validation, §8 errors). Pure:
// shared by the API and the islands.
import { isEmail, isPhone, isStaffPassword } from "./validation.ts";
import { isSuperAdminMode, type StaffUser } from "./permissions.ts";

/** How long a one-time link stays valid, by purpose (confirm 48 h, reset 1 h, login 15 min). */
export const TOKEN_TTL_MS = { confirm: 172_800_000, reset: 3_600_000, login: 900_000 } as const; // 48 h, 1 h, 15 min
export type TokenPurpose = keyof typeof TOKEN_TTL_MS;

/**
 * Logins by one-time link, per IP address in a 15-minute window (password logins are throttled on
 * their failures instead: lib/platform/login_throttle.ts).
 */
export const LOGIN_LIMITS = {
  ip: { max: 50, windowSeconds: 900 },
} as const;
/** Reset and resend requests (they send mails): per e-mail and per IP address, in an hour. */
export const MAIL_LIMITS = {
  email: { max: 5, windowSeconds: 3600 },
  ip: { max: 30, windowSeconds: 3600 },
} as const;
/** Registrations per IP address in an hour. */
export const REGISTER_LIMIT = { max: 10, windowSeconds: 3600 } as const;

/** The registration form of back-office §2 (every field a string). */
export interface Registration {
  login: string;
  email: string;
  phone: string;
  password: string;
  first_name: string;
  last_name: string;
}

export const REGISTRATION_FIELDS = [
  "login",
  "email",
  "phone",
  "password",
  "first_name",
  "last_name",
] as const;

/**
 * The first rule of §5 a registration breaks, as an error code, and the fields at fault; null when valid.
 * Order: 'All fields are required', then telephone, e-mail, password.
 * @example registrationError({ ...form, phone: "12" }) // { code: "invalid_phone", fields: ["phone"] }
 */
export function registrationError(
  form: Partial<Record<keyof Registration, string | null | undefined>>,
): { code: string; fields: string[] } | null {
  const missing = REGISTRATION_FIELDS.filter((k) => !String(form[k] ?? "").trim());
  if (missing.length) return { code: "fields_required", fields: missing };
  if (!isPhone(form.phone!)) return { code: "invalid_phone", fields: ["phone"] };
  if (!isEmail(form.email!)) return { code: "invalid_email", fields: ["email"] };
  if (!isStaffPassword(form.password!)) return { code: "invalid_password", fields: ["password"] };
  return null;
}

/** E-mails are stored trimmed and lower-cased (the schema insists on lower case). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The login page that brings a staff member back to `path` once signed in again: where a back-office page
 * without a session goes, and where a back-office fetch answered 401 sends the person. With `lang` (the
 * language the page was shown in, the staff member's), the login page speaks it too: once the session has
 * ended, the browser's language is all the server knows, and a Polish producer on an English PC got English.
 * `next` comes last, so that the browser can append the page's own address.
 * @example loginAddress("/participations/12?tab=liked") // "/login?next=%2Fparticipations%2F12%3Ftab%3Dliked"
 * @example loginAddress("", "pl") // "/login?lang=pl&next="
 */
export const loginAddress = (path: string, lang?: string) =>
  `/login?${lang ? `lang=${encodeURIComponent(lang)}&` : ""}next=${encodeURIComponent(path)}`;

/**
 * A `next` address that stays on this site (a path), else null. Browsers drop tabs and line breaks inside
 * an address and read `\` as `/`, so `/<tab>/evil.example` or `/\evil.example` lead to another host: any
 * control character, space or backslash refuses the address, as does `//host` or a scheme.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//")) return null;
  // deno-lint-ignore no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u0020\u007f\\]/.test(next)) return null;
  const base = "https://site.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname.startsWith("/login") || url.pathname.startsWith("/logout")) {
    return null;
  }
  return next;
}

/**
 * Where a user goes after logging in (§2, §4): `next` when given and safe, /channels in super admin
 * mode, else /interactions.
 */
export function landingPath(user: Pick<StaffUser, "role" | "channel_id">, next?: string | null): string {
  return safeNext(next) ?? (isSuperAdminMode(user) ? "/channels" : "/interactions");
}

/** Where a super administrator goes after switching company (§2): /channels for none, else /interactions. */
export const afterSwitchPath = (channelId: number | null) =>
  channelId === null ? "/channels" : "/interactions";
