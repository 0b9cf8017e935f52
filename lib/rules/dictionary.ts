// The texts a page's islands get: a flat dictionary of resolved strings ("section.key" → text in the
// page's language, fr where it has none) and a small translator over it, so the browser needs no
// i18next (the server's engine). It covers what islands use: nested keys, {{values}} and plurals
// (key_one, key_few, … chosen by Intl.PluralRules from `count`, as i18next does).
import type { TFunction } from "./i18n.ts";

export type Dictionary = Record<string, string>;

function flattenInto(out: Dictionary, value: unknown, prefix: string): void {
  if (typeof value === "string") out[prefix] = value;
  else if (typeof value === "number" || typeof value === "boolean") out[prefix] = String(value);
  else if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flattenInto(out, inner, prefix ? `${prefix}.${key}` : key);
    }
  }
}

/** The value at a section's path ("channel_widget.login") in a locale: own properties only, never inherited ones. */
function sectionValue(locale: unknown, section: string): unknown {
  let value = locale;
  for (const part of section.split(".")) {
    if (!value || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The resolved texts of the sections `namespaces`: the language's strings over fr's (its fallback). A
 * section is a top-level part of the locale files ("widget") or a path inside one, down to a single text
 * ("channel_widget.login", "widget.record"), so a page can carry only what its first screen shows.
 * The technical pseudo-language gets none: its translator shows every key.
 * @example resolvedDictionary(LOCALES, "en", ["widget.record"]) // {"widget.record": "Record"}
 */
export function resolvedDictionary(
  locales: Record<string, Record<string, unknown>>,
  language: string,
  namespaces: Iterable<string>,
  fallback = "fr",
): Dictionary {
  const out: Dictionary = {};
  if (!Object.hasOwn(locales, language)) return out;
  for (const ns of namespaces) {
    if (language !== fallback) flattenInto(out, sectionValue(locales[fallback], ns), ns);
    flattenInto(out, sectionValue(locales[language], ns), ns);
  }
  return out;
}

const PLACEHOLDER = /\{\{\s*-?\s*([\w.]+)\s*\}\}/g;

/** A translator over a dictionary: `t(key)`, `t(key, { name })`, `t(key, { count })` with plural forms. */
export function dictionaryTranslator(texts: Dictionary, language: string): TFunction {
  let rules: Intl.PluralRules | null = null;
  const t = (key: string | string[], options?: Record<string, unknown>) => {
    const k = Array.isArray(key) ? key.find((one) => one in texts) ?? key[0] : key;
    let text: string | undefined;
    const count = options?.count;
    if (typeof count === "number") {
      try {
        rules ??= new Intl.PluralRules(language);
      } catch {
        rules = new Intl.PluralRules("fr");
      }
      text = texts[`${k}_${count === 0 && `${k}_zero` in texts ? "zero" : rules.select(count)}`] ??
        texts[`${k}_other`];
    }
    text ??= texts[k] ?? (typeof options?.defaultValue === "string" ? options.defaultValue : k);
    if (!options) return text;
    return text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = name.split(".").reduce<unknown>(
        (obj, part) => (obj && typeof obj === "object" ? (obj as Record<string, unknown>)[part] : undefined),
        options,
      );
      return value === undefined || value === null ? whole : String(value);
    });
  };
  return t as unknown as TFunction;
}
