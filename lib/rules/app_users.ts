// Visitor (app user) rules of visitor-widget §3, §5 and §6: pure, shared by the API and the islands.
import { MAX_PASSWORD_LENGTH_VISITOR, NICKNAME_LENGTH } from "./constants.ts";
import { AppError } from "./errors.ts";
import { type LevelName, levelOf } from "./levels.ts";
import { isEmail, isPhone, isVisitorPassword } from "./validation.ts";

/** A rule broken by a field: 400 with the code's message, and the field named in `fields`. */
export const fieldError = (field: string, code: string, status: 400 | 409 = 400) =>
  new AppError(status, code, {}, { [field]: [code] });

/** An email as stored and compared: trimmed, lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

// deno-lint-ignore no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\x00-\x1f\x7f]/;
const hasControl = (value: string) => CONTROL.test(value);

/** The reason a nickname is refused (null when well-formed): 2 to 30 characters, no control characters. */
export function nicknameProblem(nickname: string): "nickname_required" | "nickname_invalid" | null {
  const value = nickname.trim();
  if (!value) return "nickname_required";
  const length = [...value].length;
  if (length < NICKNAME_LENGTH.min || length > NICKNAME_LENGTH.max || hasControl(value)) {
    return "nickname_invalid";
  }
  return null;
}

/** Throws the §5 error of an email (400 email_invalid). */
export function checkEmail(email: string | undefined | null): string {
  if (!email || !isEmail(email) || email.trim().length > 254) throw fieldError("email", "email_invalid");
  return normaliseEmail(email);
}

/** Throws the §5 error of a registration password (at least 8 characters). */
export function checkPassword(password: string | undefined | null): string {
  if (!password || !isVisitorPassword(password)) throw fieldError("password", "password_too_short");
  if (password.length > MAX_PASSWORD_LENGTH_VISITOR) throw fieldError("password", "password_too_long");
  return password;
}

/** Throws the §5 error of a nickname; returns it trimmed. */
export function checkNickname(nickname: string | undefined | null): string {
  const problem = nicknameProblem(nickname ?? "");
  if (problem) throw fieldError("nickname", problem);
  return nickname!.trim();
}

/** Throws the §5 error of a phone; empty means none (null). */
export function checkPhone(phone: string | undefined | null): string | null {
  const value = phone?.trim() ?? "";
  if (!value) return null;
  if (!isPhone(value)) throw fieldError("phone", "phone_invalid");
  return value; // kept as written; the pattern applied to its normalised form (validation.ts isPhone)
}

/**
 * A birthday typed DD/MM/YYYY (widget §9) as an ISO date, or null when it is not a real past date
 * from 1900 on.
 * @example parseBirthDate("29/02/2024", new Date("2026-01-01")) // "2024-02-29"; "29/02/2023" → null
 */
export function parseBirthDate(text: string, now: Date = new Date()): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  if (year < 1900 || date.getTime() > now.getTime()) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** A stored date as DD/MM/YYYY (widget §9), or null. */
export function formatBirthDate(value: Date | string | null): string | null {
  if (value === null) return null;
  const iso = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  const [y, m, d] = iso.split("-");
  return d && m && y ? `${d}/${m}/${y}` : null;
}

/** An app_users row as the database gives it. */
export interface AppUserRow {
  id: number;
  channel_id: number | null;
  udid: string | null;
  is_anonymous: boolean;
  language: string;
  nickname: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  receive_emails: boolean;
  birth_date: Date | string | null;
  avatar_url: string | null;
  points: number;
  created_at: Date;
}

/** The app user as the widget stores it (widget §3), never with the password hash. */
export function appUserView(row: AppUserRow) {
  return {
    id: Number(row.id),
    channel_id: row.channel_id === null ? null : Number(row.channel_id),
    udid: row.udid,
    is_anonymous: row.is_anonymous,
    language: row.language,
    nickname: row.nickname,
    city: row.city,
    phone: row.phone,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    receive_emails: row.receive_emails,
    birth_date: formatBirthDate(row.birth_date),
    avatar_url: row.avatar_url,
    image_url: row.avatar_url,
    points: row.points,
    // widget §6: anonymous users show no level
    level: row.is_anonymous ? null : levelOf(row.points) as LevelName | null,
    created_at: row.created_at,
  };
}
