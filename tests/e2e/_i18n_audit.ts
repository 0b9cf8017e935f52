// What a page must not show in a language: a raw i18n key, a text of another language where
// the locale has a translation, `{{`, `undefined`, `NaN`, `[object`, dates or numbers written for
// another language, text wider than its box at a phone's width. Used by scripts/i18n_walk.ts.
import type { Page } from "playwright-core";
import { LOCALES } from "../../app/i18n.ts";
import { type Language, LANGUAGES } from "../../lib/rules/i18n.ts";

function flatten(value: unknown, prefix = ""): [string, string][] {
  if (typeof value !== "object" || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

/** Every key of the locale files (a text equal to one of them is a key shown raw). */
export const LOCALE_KEYS: string[] = [
  ...new Set(LANGUAGES.flatMap((lng) => flatten(LOCALES[lng]).map(([k]) => k))),
];

/**
 * The texts of the other languages a page in `lang` must not show: the English and French texts (only
 * French on an English page, only English on a French one) of keys whose text in `lang` differs, with
 * at least four letters, without interpolation, and that `lang` does not use for any key itself.
 */
export function foreignTexts(lang: Language): Map<string, string> {
  const own = new Map(flatten(LOCALES[lang]));
  const ownTexts = new Set([...own.values()].map((v) => v.trim()));
  const sources = ([lang === "en" ? [] : ["en"], lang === "fr" ? [] : ["fr"]].flat()) as Language[];
  const foreign = new Map<string, string>();
  for (const source of sources) {
    for (const [key, text] of flatten(LOCALES[source])) {
      const value = text.trim();
      if (value.includes("{{") || (value.match(/\p{L}/gu)?.length ?? 0) < 4) continue;
      if (ownTexts.has(value) || own.get(key)?.trim() === value) continue;
      foreign.set(value, `${source}:${key}`);
    }
  }
  return foreign;
}

/** One thing wrong on a page. */
export interface Finding {
  kind: "raw-key" | "foreign" | "english" | "garbage" | "format" | "overflow" | "cut" | "console";
  text: string;
}

// Words that mark an English sentence in a Portuguese, Spanish or Polish text (none of them is a word
// of those languages); two of them in one text make it English.
const ENGLISH_WORDS = [
  "the",
  "your",
  "with",
  "this",
  "you",
  "and",
  "will",
  "have",
  "has",
  "are",
  "is",
  "of",
  "for",
  "from",
  "been",
];

const MONTHS: Record<string, RegExp> = {
  en:
    /\b(January|February|March|April|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/,
  fr:
    /\b(janvier|février|avril|juillet|août|septembre|octobre|novembre|décembre|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b/i,
};

/**
 * Reads the visible texts (text nodes, and the placeholder, aria-label, title and alt attributes) of
 * `page` and returns what is wrong with them for `lang`; at a phone's width, also the texts wider
 * than their box (`overflow`) and the ones cut with an ellipsis (`cut`).
 */
export async function auditPage(
  page: Page,
  lang: Language,
  foreign: Map<string, string>,
  /** What people wrote (titles, choices, messages): in any language, never a finding of its own. */
  content: string[] = [],
): Promise<Finding[]> {
  const { texts, overflow, cut } = await page.evaluate((checkWidth) => {
    const texts: string[] = [];
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (text && parent && visible(parent)) texts.push(text);
    }
    for (const el of document.querySelectorAll("[placeholder], [aria-label], [title], img[alt], option")) {
      if (el.tagName !== "OPTION" && !visible(el)) continue;
      for (const name of ["placeholder", "aria-label", "title", "alt"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
      if (el.tagName === "OPTION" && el.textContent?.trim()) texts.push(el.textContent.trim());
    }
    for (const el of document.querySelectorAll("input[type=submit], input[type=button]")) {
      if (visible(el)) texts.push((el as HTMLInputElement).value);
    }
    const overflow: string[] = [];
    const cut: string[] = [];
    if (checkWidth) {
      const width = document.documentElement.clientWidth;
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${
          el.classList.length ? `.${[...el.classList].join(".")}` : ""
        } "${(el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60)}"`;
      const scrolls = (el: Element | null): boolean => {
        for (let a = el?.parentElement; a; a = a.parentElement) {
          const o = getComputedStyle(a).overflowX;
          if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") return true;
        }
        return false;
      };
      for (const el of document.body.querySelectorAll("*")) {
        if (!visible(el) || el.closest("svg, .sr-only")) continue;
        const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (ownText && rect.right > width + 1 && !scrolls(el) && style.position !== "fixed") {
          overflow.push(`past the page's right edge: ${name(el)}`);
        } else if (ownText && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
          if (style.overflowX === "visible") overflow.push(`wider than its box: ${name(el)}`);
          else if (style.textOverflow === "ellipsis") cut.push(name(el));
        }
      }
    }
    return { texts, overflow, cut };
  }, page.viewportSize()!.width < 500);

  const findings: Finding[] = [];
  const keys = new Set(LOCALE_KEYS);
  const seen = new Set<string>();
  for (const text of texts) {
    if (seen.has(text)) continue;
    seen.add(text);
    if (keys.has(text) || /^[a-z_]+\.[a-z_]+[a-z0-9_.]*$/.test(text) && text.includes("_")) {
      findings.push({ kind: "raw-key", text });
    }
    const known = foreign.get(text) ?? foreign.get(text.replace(/[\s:…›‹→←*]+$/u, ""));
    if (known) findings.push({ kind: "foreign", text: `${text} (${known})` });
    if (/\{\{|\bundefined\b|\bNaN\b|\[object/.test(text)) findings.push({ kind: "garbage", text });
    const written = text.replace(/…$/, "");
    if (content.some((c) => c.includes(written))) continue;
    if (lang === "pt" || lang === "es" || lang === "pl") {
      const words = new Set(text.toLowerCase().match(/[a-z']+/g) ?? []);
      if (ENGLISH_WORDS.filter((w) => words.has(w)).length >= 2) findings.push({ kind: "english", text });
    }
    if (lang !== "en" && MONTHS.en.test(text)) {
      findings.push({ kind: "format", text: `English date: ${text}` });
    }
    if (lang !== "fr" && MONTHS.fr.test(text)) {
      findings.push({ kind: "format", text: `French date: ${text}` });
    }
    if (lang !== "en" && /(^|[^\d.,])\d{1,3},\d{3}(?![\d,])/.test(text)) {
      findings.push({ kind: "format", text: `English thousands: ${text}` });
    }
    if (lang !== "en" && /\b\d+\.\d+\s?(%|LUFS|s|min|h|MB|kB|KB|GB)(?!\p{L})/u.test(text)) {
      findings.push({ kind: "format", text: `decimal point: ${text}` });
    }
  }
  for (const text of overflow) findings.push({ kind: "overflow", text });
  for (const text of cut) findings.push({ kind: "cut", text });
  return findings;
}
