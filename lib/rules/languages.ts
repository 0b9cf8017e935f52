// The interface languages, apart from lib/rules/i18n.ts so the browser code that only needs the list does
// not bundle i18next (the widgets' JavaScript budget).

/** Languages of the interface (spec: fr, en, pt, es, pl; fr is the fallback). */
export const LANGUAGES = ["fr", "en", "pt", "es", "pl"] as const;
export type Language = typeof LANGUAGES[number];
export const FALLBACK_LANGUAGE: Language = "fr";
/** The admin's technical pseudo-language: every text shows its key. */
export const TECHNICAL_LANGUAGE = "technical";

/** True for one of the five interface languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
