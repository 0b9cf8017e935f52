/// <reference lib="dom" />
import { type ComponentType, h, hydrate, render, type VNode } from "preact";
import { I18nContext } from "./island.tsx";
import type { TFunction } from "../lib/rules/i18n.ts";
import { missingSections } from "./sections.ts";

/**
 * Builds the page's translator from the texts (resolved strings by key) the server put in the page. It
 * must read `texts` when it translates: the texts of screens loaded later are added to that object.
 */
export type TranslatorFactory = (texts: Record<string, string>, lang: string) => TFunction;

/**
 * Island modules built into the page's own script (a page bundle, framework/bundle.ts), by name: hydrated
 * without fetching their file. A page bundle's first module fills it in before the loader runs.
 */
export const bundledIslands: Record<string, { default: ComponentType }> = {};

/** How a page whose language may change on the client (PageOptions.clientLanguage) gets another one. */
export interface LanguageHooks {
  /** The language the client prefers over the page's, or null. */
  preferred: () => string | null;
  /**
   * The resolved texts of a language's sections (as the page carries them: key → text), or null; `version`
   * is the page's version of the texts, when it gives one.
   */
  load: (lang: string, namespaces: string[], version?: string) => Promise<Record<string, string> | null>;
}

/**
 * The page's islands data once hydrateIslands has read it (`ns`: the sections its texts hold, `tv`: their
 * version).
 */
let page: { lang: string; texts: Record<string, string>; ns?: string[]; tv?: string } | null = null;
let fetchTexts: LanguageHooks["load"] | undefined;

/**
 * Adds the texts of `sections` (framework/sections.ts: top-level parts of the locale files or paths inside
 * them) to the page's translator, in the page's current language, fetching only those the page does not
 * hold yet. A screen loaded later calls it along with its code (islands/browser/lazy.ts); it rejects when
 * the fetch failed, and the next call asks again.
 */
export async function loadTexts(sections: string[]): Promise<void> {
  const missing = page && fetchTexts ? missingSections(page.ns ??= [], sections) : [];
  if (missing.length === 0) return;
  const { lang, texts, ns, tv } = page!;
  const more = await fetchTexts!(lang, missing, tv);
  if (!more) throw new Error(`texts ${missing}: not loaded`);
  Object.assign(texts, more);
  ns!.push(...missing);
}

/**
 * A new task of the browser's event loop: `scheduler.yield()` where the browser has it (the page's own work
 * goes first once the browser has handled what waits), else a message the page posts to itself (a timer
 * would wait 4 ms once nested). A tap, a key or a paint waiting meanwhile is not kept behind what comes next.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (channel.port1.close(), resolve());
    channel.port2.postMessage(null);
  });
}

/** How many parts hydrate in one task: a list's rows, a few milliseconds each on a phone. */
export const PARTS_PER_TASK = 8;

/**
 * The parts of islands drawn by a root of their own (renderPart): "live" once hydrated or rendered, else
 * the tree waiting to hydrate the server's markup, `changed` when the part rendered again meanwhile.
 */
const parts = new WeakMap<Element, "live" | { tree: VNode; changed: boolean }>();
const partsWaiting: Element[] = [];
let partsDone: Promise<void> | null = null;

/** Hydrates the waiting parts, PARTS_PER_TASK at a time, each batch in a task of its own. */
async function hydrateParts(): Promise<void> {
  while (partsWaiting.length) {
    await nextTask();
    for (const container of partsWaiting.splice(0, PARTS_PER_TASK)) {
      const part = parts.get(container);
      if (!part || part === "live") continue;
      parts.set(container, "live");
      // rendered again before its turn (a row selected meanwhile): hydration would keep the server's
      // attributes, a render over the server's markup compares them too
      if (part.changed) render(part.tree, container);
      else hydrate(part.tree, container);
    }
  }
  partsDone = null;
}

/**
 * Draws `tree` in `container`, an element of an island whose content is a root of its own (the island
 * renders the element with `dangerouslySetInnerHTML` set to PART, which Preact leaves alone). Content
 * the server rendered is hydrated later, PARTS_PER_TASK containers per task: the fifty rows of the
 * studio's inbox hydrated with it made a task of a quarter of a second on a phone. Its island is marked
 * hydrated once its parts are. Content made on the client is rendered at once, and any part again at each
 * call.
 */
export function renderPart(container: Element, tree: VNode): void {
  const part = parts.get(container);
  if (part === "live") return render(tree, container);
  if (part) return void Object.assign(part, { tree, changed: true });
  if (!container.hasChildNodes()) {
    parts.set(container, "live");
    return render(tree, container);
  }
  parts.set(container, { tree, changed: false });
  partsWaiting.push(container);
  partsDone ??= hydrateParts();
}

/** Takes the part of `container` away (its element leaves the page). */
export function unmountPart(container: Element): void {
  if (parts.get(container) === "live") render(null, container);
  parts.delete(container);
}

/** What an island renders as a part's element: its content is the part's own root (renderPart). */
export const PART = { __html: "" };

/**
 * Hydrates every island marker of the page, loading an island's code only when it is on the page
 * (or, for a lazy island, when it scrolls into view). The app's client entry calls it once. On a page
 * whose language may switch, a preferred other language is loaded first and the islands are rendered
 * again in it (the server's markup is replaced rather than hydrated).
 *
 * Each island hydrates in a task of its own, in the page's order: their modules are all asked for at
 * once, but hydrating them one after the other in one task held a phone's main thread for a quarter of a
 * second on the inbox (header badge, welcome help and the inbox itself), a page that answered no tap
 * meanwhile. Resolves once every island not lazy is hydrated.
 */
export async function hydrateIslands(
  createTranslator: TranslatorFactory,
  hooks?: LanguageHooks,
): Promise<void> {
  const data = JSON.parse(document.getElementById("__islands")?.textContent ?? "{}") as {
    lang: string;
    texts: Record<string, string>;
    files: Record<string, string>;
    switchable?: boolean;
    ns?: string[];
    tv?: string;
  };
  let switched = false;
  const wanted = data.switchable ? hooks?.preferred() : null;
  if (wanted && wanted !== data.lang) {
    const texts = await hooks!.load(wanted, data.ns ?? [], data.tv).catch(() => null);
    if (texts) {
      data.lang = wanted;
      data.texts = texts;
      document.documentElement.lang = wanted;
      switched = true;
    }
  }
  page = data;
  fetchTexts = hooks?.load;
  const t = createTranslator(data.texts ??= {}, data.lang ?? "fr");

  /** The module of the island `el` marks: built into the page's script, else fetched; null when neither. */
  function moduleOf(el: HTMLElement): Promise<{ default: ComponentType } | null> {
    const name = el.dataset.island!;
    const file = data.files?.[name];
    if (bundledIslands[name]) return Promise.resolve(bundledIslands[name]);
    if (!file) return console.error(`island ${name}: no bundle`), Promise.resolve(null);
    return import(file);
  }

  function hydrateWith(el: HTMLElement, mod: { default: ComponentType }) {
    const props = JSON.parse(el.dataset.props ?? "{}");
    const tree = h(I18nContext.Provider, { value: { t, lang: data.lang } }, h(mod.default, props));
    // what a person typed before the island's code arrived (a slow phone) is in the fields but not in the
    // island's state, which would empty them at its next render: told to the island as if typed now. Not a
    // colour or a range: the browser itself replaces a value they cannot show (a stored "red"), which is no
    // one's choice
    const typed = [...el.querySelectorAll<HTMLInputElement>("textarea,input:not([type=color],[type=range])")]
      .filter((f) => f.value != f.defaultValue);
    if (switched) render(tree, el);
    else hydrate(tree, el);
    for (const f of typed) f.dispatchEvent(new Event("input", { bubbles: true }));
    // browser tests wait for it before typing or clicking; base.css .after-script too
    if (partsDone) partsDone.then(() => (el.dataset.hydrated = ""));
    else el.dataset.hydrated = "";
  }

  const lazy = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      lazy.unobserve(entry.target);
      const el = entry.target as HTMLElement;
      moduleOf(el).then((mod) => mod && hydrateWith(el, mod));
    }
  });

  const eager: [HTMLElement, Promise<{ default: ComponentType } | null>][] = [];
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    if (el.parentElement?.closest("[data-island]")) continue;
    if (el.dataset.lazy !== undefined) lazy.observe(el);
    else eager.push([el, moduleOf(el)]);
  }
  for (const [el, module] of eager) {
    // an island whose code failed to load is reported, and the next ones hydrate all the same
    const mod = await module.catch((error) => (reportError(error), null));
    if (!mod) continue;
    await nextTask();
    hydrateWith(el, mod);
  }
}

/**
 * The performance mark set when the page turns idle (islands fetch their next screens' texts then: the
 * modules themselves are asked for by the page's head at low priority, framework/render.tsx).
 */
export const IDLE_FETCH_MARK = "im:idle-fetch";

/** Sets IDLE_FETCH_MARK, once. */
function markIdleFetch(): void {
  if (performance.getEntriesByName(IDLE_FETCH_MARK).length === 0) performance.mark(IDLE_FETCH_MARK);
}

/**
 * Runs `fetchNext` once the page is idle (hydrated, nothing left to run; at most `timeoutMs` later), after
 * marking the moment: what a visitor's next screen needs besides its modules (its texts) is fetched then,
 * so a phone on a slow network has it at the first tap without slowing down the first screen.
 */
export function whenIdle(fetchNext: () => void, timeoutMs = 1000): void {
  const run = () => {
    markIdleFetch();
    fetchNext();
  };
  if ("requestIdleCallback" in globalThis) requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 0);
}
