import fr from "../locales/fr.json" with { type: "json" };
import en from "../locales/en.json" with { type: "json" };
import pt from "../locales/pt.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };
import pl from "../locales/pl.json" with { type: "json" };
import { createTranslator, type Language, type Resources, type TFunction } from "../lib/i18n.ts";

/** All locale files, keyed by language. */
export const LOCALES: Record<Language, Resources> = { fr, en, pt, es, pl };

const translators = new Map<string, TFunction>();

/** The cached translator of a language (or of `technical`). */
export function translator(language: string): TFunction {
  let t = translators.get(language);
  if (!t) {
    t = createTranslator(LOCALES, language);
    translators.set(language, t);
  }
  return t;
}

/**
 * The sections `namespaces` of a language and of fr, for a page to hand to its islands, so the
 * client gets only the texts it may show.
 */
export function localeSubset(language: string, namespaces: Iterable<string>): Record<string, Resources> {
  const pick = (resources: Resources) =>
    Object.fromEntries([...namespaces].filter((ns) => ns in resources).map((ns) => [ns, resources[ns]]));
  const result: Record<string, Resources> = { fr: pick(LOCALES.fr) };
  if (language !== "fr" && language in LOCALES) result[language] = pick(LOCALES[language as Language]);
  return result;
}
