import fr from "../locales/fr.json" with { type: "json" };
import en from "../locales/en.json" with { type: "json" };
import pt from "../locales/pt.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };
import pl from "../locales/pl.json" with { type: "json" };
import { createTranslator, type Language, type Resources, type TFunction } from "../lib/i18n.ts";

/** All locale files, keyed by language. */
export const LOCALES: Record<Language, Resources> = { fr, en, pt, es, pl };

const translators = new Map<string, TFunction>();

/**
 * The cached translator of a language (or of `technical`). The locale files never change while the
 * process runs, so a plain key (no options) is looked up in i18next once and then remembered: a page
 * render calls t() for every text it shows, and i18next's key resolution was a tenth of its time.
 */
export function translator(language: string): TFunction {
  let t = translators.get(language);
  if (!t) {
    const translate = createTranslator(LOCALES, language) as unknown as (...args: unknown[]) => string;
    const plain = new Map<string, string>();
    t = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") {
        return translate(key, ...rest);
      }
      let text = plain.get(key);
      if (text === undefined) {
        text = String(translate(key));
        plain.set(key, text);
      }
      return text;
    }) as unknown as TFunction;
    translators.set(language, t);
  }
  return t;
}

const subsets = new Map<string, string>();

/**
 * `localeSubset` as JSON (`<` escaped for a script element), remembered per language and set of
 * sections: the same few combinations serve every page view, and serialising them was per request.
 */
export function localeSubsetJson(language: string, namespaces: Iterable<string>): string {
  const sections = [...new Set(namespaces)].sort();
  const key = `${language}|${sections.join(",")}`;
  let json = subsets.get(key);
  if (json === undefined) {
    json = JSON.stringify(localeSubset(language, sections)).replace(/</g, "\\u003c");
    subsets.set(key, json);
  }
  return json;
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
