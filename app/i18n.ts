// The texts of the five languages: the locale files, their version (islands ask for later screens' texts
// with it), and a translator per language, kept while the process runs.
import fr from "../locales/fr.json" with { type: "json" };
import en from "../locales/en.json" with { type: "json" };
import pt from "../locales/pt.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };
import pl from "../locales/pl.json" with { type: "json" };
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import {
  createTranslator,
  type Language,
  overlayLanguage,
  type Resources,
  type TFunction,
  widgetLanguage,
} from "../lib/rules/i18n.ts";
import { resolvedDictionary } from "../lib/rules/dictionary.ts";
import { createHash } from "node:crypto";

/** All locale files, keyed by language. */
export const LOCALES: Record<Language, Resources> = { fr, en, pt, es, pl };

/** A version of texts: the first 16 hex digits of the SHA-256 of their JSON, so it changes with any text. */
export function textsVersion(locales: Record<string, Resources>): string {
  return createHash("sha256").update(JSON.stringify(locales)).digest("hex").slice(0, 16);
}

/**
 * The version of the texts this server holds: pages hand it to their islands, which ask for later screens'
 * texts with it, so a deploy that changes a text changes their address (routes/api/v1/locales.ts).
 */
export const TEXTS_VERSION = textsVersion(LOCALES);

const translators = new Map<string, TFunction>();

/** Remembered texts per language at most; past that the memo starts again (values can be anything). */
const MEMO_MAX = 5000;

const isPrimitive = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

/**
 * The cached translator of a language (or of `technical`). The locale files never change while the
 * process runs, so t(key) and t(key, {n: 2, …}) with plain values give the same text every time:
 * they are looked up in i18next once and then remembered. A page render calls t() for every text it
 * shows, and i18next's key resolution and interpolation were a tenth of the channel widget's render.
 */
export function translator(language: string): TFunction {
  let t = translators.get(language);
  if (!t) {
    const translate = createTranslator(LOCALES, language) as unknown as (...args: unknown[]) => string;
    const memo = new Map<string, string>();
    t = ((key: unknown, ...rest: unknown[]) => {
      const options = rest[0];
      const plainOptions = rest.length === 1 && typeof options === "object" && options !== null &&
        Object.getPrototypeOf(options) === Object.prototype && Object.values(options).every(isPrimitive);
      if (typeof key !== "string" || (rest.length > 0 && !plainOptions)) return translate(key, ...rest);
      const memoKey = rest.length === 0 ? key : `${key}\u0000${JSON.stringify(options)}`;
      let text = memo.get(memoKey);
      if (text === undefined) {
        text = String(translate(key, ...rest));
        if (memo.size >= MEMO_MAX) memo.clear();
        memo.set(memoKey, text);
      }
      return text;
    }) as unknown as TFunction;
    translators.set(language, t);
  }
  return t;
}

const dictionaries = new Map<string, string>();
/** Remembered combinations at most: the public locales route lets anyone ask for any set of sections. */
const DICTIONARIES_MAX = 500;

/**
 * The resolved texts of sections `namespaces` in a language (lib/rules/dictionary.ts) as JSON (`<`
 * escaped for a script element), remembered per language and set of sections: the same few
 * combinations serve every page view. Islands translate with it in the browser, without i18next.
 */
export function dictionaryJson(language: string, namespaces: Iterable<string>): string {
  const sections = [...new Set(namespaces)].sort();
  const key = `${language}|${sections.join(",")}`;
  let json = dictionaries.get(key);
  if (json === undefined) {
    json = JSON.stringify(resolvedDictionary(LOCALES, language, sections)).replace(/</g, "\\u003c");
    if (dictionaries.size >= DICTIONARIES_MAX) dictionaries.clear();
    dictionaries.set(key, json);
  }
  return json;
}

/**
 * A widget page that knows its interaction (or channel) applies that language setting in the place
 * the widget rule gives it: after `?lang=` and the browser's language (lib/rules/i18n.ts widgetLanguage).
 */
export function useWidgetLanguage(
  c: Context<AppEnv>,
  interaction: unknown,
): void {
  const lang = widgetLanguage({
    query: c.req.query("lang"),
    acceptLanguage: c.req.header("accept-language"),
    interaction: typeof interaction === "string" ? interaction : null,
  });
  if (lang === c.var.lang) return;
  c.set("lang", lang);
  c.set("t", translator(lang));
}

/** The on-air overlay speaks the channel's language (lib/rules/i18n.ts overlayLanguage). */
export function useOverlayLanguage(c: Context<AppEnv>, channel: string): void {
  const lang = overlayLanguage({ query: c.req.query("lang"), channel });
  if (lang === c.var.lang) return;
  c.set("lang", lang);
  c.set("t", translator(lang));
}
