// The five languages of the product: which one a request gets (address, user setting, browser), and
// the translator every page, mail and API error uses.
import i18next, { type TFunction } from "i18next";
import { FALLBACK_LANGUAGE, isLanguage, type Language, LANGUAGES, TECHNICAL_LANGUAGE } from "./languages.ts";

export { FALLBACK_LANGUAGE, isLanguage, type Language, LANGUAGES, TECHNICAL_LANGUAGE };

export type Resources = Record<string, unknown>;
export type { TFunction };

/**
 * Picks the language of a request: query `lang`, then the user's setting, then Accept-Language,
 * then fr. `technical` is honoured only when `allowTechnical` (admin pages).
 * @example resolveLanguage({ acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8" }) // "pt"
 */
export function resolveLanguage(input: {
  query?: string | null;
  user?: string | null;
  acceptLanguage?: string | null;
  allowTechnical?: boolean;
}): Language | typeof TECHNICAL_LANGUAGE {
  for (const candidate of [input.query, input.user]) {
    if (input.allowTechnical && candidate === TECHNICAL_LANGUAGE) return TECHNICAL_LANGUAGE;
    const base = candidate?.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return browserLanguage(input.acceptLanguage) ?? FALLBACK_LANGUAGE;
}

/**
 * The first of our languages in an Accept-Language header, by quality then order; null when the
 * browser asks for none of them.
 * @example browserLanguage("de-DE,de;q=0.9,pt-BR;q=0.8") // "pt"
 */
export function browserLanguage(acceptLanguage: string | null | undefined): Language | null {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { base: tag.toLowerCase().split("-")[0], q: q ? Number(q.trim().slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => isLanguage(entry.base))?.base as Language | undefined ?? null;
}

const baseOf = (value: string | null | undefined) => value?.toLowerCase().split(/[-_]/)[0];

/**
 * The language of every widget page (visitor-widget §2), the same rule everywhere: the address's
 * `?lang=`, then the signed-in listener's language, then the browser's, then the interaction's
 * language setting, then fr. Unknown values are skipped; there is no technical language here.
 * @example widgetLanguage({ acceptLanguage: "en-US,en", interaction: "pt" }) // "en"
 */
export function widgetLanguage(input: {
  query?: string | null;
  listener?: string | null;
  acceptLanguage?: string | null;
  interaction?: string | null;
}): Language {
  const first = [input.query, input.listener].map(baseOf).find(isLanguage);
  if (first) return first;
  const browser = browserLanguage(input.acceptLanguage);
  if (browser) return browser;
  const interaction = baseOf(input.interaction);
  return isLanguage(interaction) ? interaction : FALLBACK_LANGUAGE;
}

/**
 * The language of the on-air overlay: the address's `?lang=`, else the channel's. Never the browser's:
 * the screen is the studio's vision mixer or monitor, whose browser language says nothing of the station.
 * @example overlayLanguage({ query: null, channel: "pt" }) // "pt"
 */
export function overlayLanguage(input: { query?: string | null; channel?: string | null }): Language {
  return [input.query, input.channel].map(baseOf).find(isLanguage) ?? FALLBACK_LANGUAGE;
}

/**
 * A translator for one language over the given resources (`{ fr: {...}, en: {...} }`), falling back
 * to fr; the technical language returns the keys themselves.
 */
export function createTranslator(resources: Record<string, Resources>, language: string): TFunction {
  const instance = i18next.createInstance();
  const lng = language === TECHNICAL_LANGUAGE ? "cimode" : language;
  instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: Object.fromEntries(Object.entries(resources).map(([l, r]) => [l, { translation: r }])),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t.bind(instance) as TFunction;
}
