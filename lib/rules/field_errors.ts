// Form errors next to their fields (back-office §8 Forms): the API names each failing field with a stable
// code (`{ fields: { label: ["channel_name_required"] } }`), and a form shows the code's text, in the
// person's language, under that field. Pure: the server builds the codes, the islands translate them.
import type { TFunction } from "./i18n.ts";

/** The parts of a zod issue that choose its code (zod's own English message is never shown). */
export interface FieldIssue {
  code: string;
  message: string;
  origin?: string;
  minimum?: number | bigint;
  format?: string;
}

// a message written by a schema as a code ("required", "segment_title_required") rather than zod's English
const CODE = /^[a-z][a-z0-9_]*$/;

/**
 * The error code of one zod issue: the schema's own code when it gave one, else one of the generic field
 * codes (`field_required`, `field_too_long`, `field_out_of_range`, `email_invalid`, `invalid_field`).
 * @example issueCode({ code: "too_small", origin: "string", minimum: 1, message: "Too small…" }) // "field_required"
 */
export function issueCode(issue: FieldIssue): string {
  if (CODE.test(issue.message)) return issue.message;
  // zod names a missing value only in its message ("…, received undefined"): a field left out is required
  if (issue.code === "invalid_type" && issue.message.endsWith("received undefined")) return "field_required";
  if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1) {
    return "field_required";
  }
  if (issue.code === "too_big" && issue.origin === "string") return "field_too_long";
  if (issue.code === "too_small" || issue.code === "too_big") return "field_out_of_range";
  if (issue.code === "invalid_format" && issue.format === "email") return "email_invalid";
  return "invalid_field";
}

/**
 * The text of one field error code, in the person's language: the API's codes and those a field finds
 * itself in what was typed (a date not written DD/MM/YYYY: lib/rules/wall_clock.ts parseDateField) read
 * alike; an unknown code reads "This value is not valid".
 * @example fieldMessage("date_not_real", t) // "This date does not exist: check the day and the month."
 */
export function fieldMessage(code: string, t: TFunction): string {
  return t(`errors.${code}`, { defaultValue: t("errors.invalid_field") });
}

/**
 * The text under each field of a form, from the API's `fields`: keyed by the field's first path segment
 * (`segment_customisation.character_text_zone_length` is the `segment_customisation` field), every
 * distinct message of that field, translated under `errors.`; an unknown code reads "This value is not valid".
 * @example fieldMessages({ label: ["channel_name_required"] }, t) // { label: "Give the media a name." }
 */
export function fieldMessages(
  fields: Record<string, string[]> | null | undefined,
  t: TFunction,
): Record<string, string> {
  const texts: Record<string, string[]> = {};
  for (const [path, codes] of Object.entries(fields ?? {})) {
    const field = path.split(".")[0];
    for (const code of codes) {
      const text = fieldMessage(code, t);
      if (!(texts[field] ??= []).includes(text)) texts[field].push(text);
    }
  }
  return Object.fromEntries(Object.entries(texts).map(([field, list]) => [field, list.join(" ")]));
}

/**
 * The messages an autosaving form shows after one answer: the fields it sent take the answer's messages
 * (none when saved), every other field keeps its own until it is sent again, so a refused type stays
 * said while the next change (a checkbox) saves or fails on its own.
 * @example afterAnswer({ type: "Not offered." }, ["title"], {}) // { type: "Not offered." }
 */
export function afterAnswer(
  shown: Record<string, string>,
  sent: string[],
  answer: Record<string, string>,
): Record<string, string> {
  const kept = Object.entries(shown).filter(([field]) => !sent.includes(field));
  return { ...Object.fromEntries(kept), ...answer };
}

/**
 * What an autosaving form puts back when the server refuses a change: the stored value of every switch it
 * sent (a checkbox, the data items, the consents' settings), so a refused box shows as it is stored, not
 * ticked as if saved; typed text and the choices stay as typed, for the person to correct.
 * @example storedSwitches({ gather_information: false, title: "A" }, { gather_information: true, title: "B" })
 * // { gather_information: false }
 */
export function storedSwitches<T extends Record<string, unknown>>(
  stored: T,
  sent: Record<string, unknown>,
): Partial<T> {
  const isSwitch = (v: unknown) =>
    typeof v === "boolean" || (v !== null && typeof v === "object" && !Array.isArray(v));
  return Object.fromEntries(
    Object.keys(sent).filter((k) => k in stored && isSwitch(sent[k])).map((k) => [k, stored[k]]),
  ) as Partial<T>;
}
