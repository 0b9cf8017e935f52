/// <reference lib="dom" />
import { h, hydrate } from "preact";
import { I18nContext } from "./island.tsx";
import type { TFunction } from "../lib/rules/i18n.ts";

/** Builds the page's translator from the texts (resolved strings by key) the server put in the page. */
export type TranslatorFactory = (texts: Record<string, string>, lang: string) => TFunction;

/**
 * Hydrates every island marker of the page, loading an island's code only when it is on the page
 * (or, for a lazy island, when it scrolls into view). The app's client entry calls it once.
 */
export function hydrateIslands(createTranslator: TranslatorFactory): void {
  const data = JSON.parse(document.getElementById("__islands")?.textContent ?? "{}") as {
    lang: string;
    texts: Record<string, string>;
    files: Record<string, string>;
  };
  const t = createTranslator(data.texts ?? {}, data.lang ?? "fr");

  async function hydrateIsland(el: HTMLElement) {
    const name = el.dataset.island!;
    const file = data.files?.[name];
    if (!file) return console.error(`island ${name}: no bundle`);
    const mod = await import(file);
    const props = JSON.parse(el.dataset.props ?? "{}");
    hydrate(h(I18nContext.Provider, { value: { t, lang: data.lang } }, h(mod.default, props)), el);
    el.dataset.hydrated = ""; // browser tests wait for it before typing
  }

  const lazy = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      lazy.unobserve(entry.target);
      hydrateIsland(entry.target as HTMLElement);
    }
  });

  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    if (el.parentElement?.closest("[data-island]")) continue;
    if (el.dataset.lazy !== undefined) lazy.observe(el);
    else hydrateIsland(el);
  }
}
