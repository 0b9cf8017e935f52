// Rendering a page: the document around a page's tree (language, styles, the islands' scripts, their
// modules asked for at once, and the texts they need), a widget page's own module carried inline.
import type { Context } from "hono";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { TFunction } from "../lib/rules/i18n.ts";
import { I18nContext, renderedIslands } from "./island.tsx";
import { assetUrl, inlineFavicon, islandChunks, islandFiles, pageBundle, staticText } from "./assets.ts";

export interface PageOptions {
  title: string;
  /** Stylesheets under static/css, e.g. "admin.css". */
  css?: string[];
  /** Extra locale sections the page's islands use beyond what they declare. */
  ns?: string[];
  /** Head elements (meta, preload) rendered as is. */
  head?: VNode;
  bodyClass?: string;
  /** `<html>` style, e.g. a channel's colours as CSS variables. */
  htmlStyle?: string;
  status?: 200 | 400 | 403 | 404 | 410;
  /**
   * The page's language was not asked for by the address: the client loader may switch its islands to
   * the language its `language` hook prefers (framework/client.ts), loading those texts then.
   */
  clientLanguage?: boolean;
}

/** What a page render reads from the request context; the app's language middleware sets them. */
export interface RenderEnv {
  Variables: {
    lang: string;
    t: TFunction;
    /** The texts an island page ships (a flat dictionary of resolved strings), as JSON safe inside a script element. */
    localeJson: (lang: string, namespaces: Iterable<string>) => string;
    /** The version of those texts, handed to the islands for the texts they fetch later (`tv`). */
    localeVersion?: string;
  };
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Renders a full HTML page from a Preact tree in the request's language. Pages with no island ship
 * no script; pages with islands get the loader, the islands' bundle names and their texts.
 */
export function renderPage<E extends RenderEnv>(c: Context<E>, page: VNode, options: PageOptions): Response {
  const lang = c.var.lang ?? "fr";
  renderedIslands.names.clear();
  renderedIslands.namespaces.clear();
  const body = renderToString(
    <I18nContext.Provider value={{ t: c.var.t, lang }}>{page}</I18nContext.Provider>,
  );
  const names = [...renderedIslands.names];
  const namespaces = new Set(["common", ...renderedIslands.namespaces, ...(options.ns ?? [])]);
  const head = options.head ? renderToString(options.head) : "";
  const sheets = ["base.css", ...(options.css ?? [])];
  // a page bundle carries its island: one script and its chunks instead of the loader plus island files
  const bundle = names.length > 0 ? pageBundle(names) : null;
  // a page with a page bundle (the widgets, opened once by phones on slow networks) carries its styles in
  // its head: no request, no connection of the six a browser opens taken, before the first paint
  const styles = bundle
    ? sheets.map((file) => `<style data-css="${file}">${staticText(`css/${file}`)}</style>`).join("")
    : sheets.map((file) => `<link rel="stylesheet" href="${assetUrl(`css/${file}`)}">`).join("");
  let data = "";
  let scripts = "";
  if (names.length > 0) {
    const files = bundle ? {} : islandFiles(names);
    // every chunk the page's scripts import at once, asked for with them: found only once each importer has
    // arrived, each would cost the page a round trip more
    const chunks = bundle ? bundle.chunks : islandChunks(["client", ...names]);
    // {lang, texts, files, ns, tv}, the texts serialised once per language and set of sections; `ns` names
    // them, so a screen loaded later fetches only the sections the page does not hold (framework/client.ts),
    // in the version `tv` of the texts
    const json = `{"lang":${escapeJson(lang)},"texts":${c.var.localeJson(lang, namespaces)},` +
      `"files":${escapeJson(files)},"ns":${escapeJson([...namespaces].sort())}` +
      (c.var.localeVersion ? `,"tv":${escapeJson(c.var.localeVersion)}` : "") +
      (options.clientLanguage ? `,"switchable":true}` : "}");
    data = `<script type="application/json" id="__islands">${json}</script>`;
    // a page bundle's next screens (the participation flow) are asked for with its own modules, at low
    // priority: a phone on a slow network has them when the first screen is usable, not one round trip later
    scripts = [...Object.values(files), ...chunks]
      .map((f) => `<link rel="modulepreload" href="${f}">`).join("") +
      (bundle?.inline
        ? ""
        : `<script type="module" src="${bundle?.entry || islandFiles(["client"]).client}"></script>`) +
      (bundle?.next ?? []).map((f) => `<link rel="modulepreload" href="${f}" fetchpriority="low">`).join("");
  }
  // a page bundle's scripts open its head, before its styles: the browser asks for them as the first bytes
  // of the page arrive (a module script runs once the page is parsed, wherever it is). A page module the
  // page carries comes last, after the first screen it hydrates: its bytes do not hold back the first paint
  // (its text is the build's, byte for byte: the policy allows it by its hash, app/secure_headers.ts)
  const inline = bundle?.inline ? `<script type="module">${bundle.inline}</script>` : "";
  const [early, late] = bundle ? [scripts, data + inline] : ["", data + scripts];
  const htmlLang = lang === "technical" ? "en" : lang;
  const html =
    `<!doctype html><html lang="${htmlLang}"${
      options.htmlStyle ? ` style="${escapeAttr(options.htmlStyle)}"` : ""
    }><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeText(options.title)}</title>` +
    `${early}<link rel="icon" href="${
      bundle ? inlineFavicon() : assetUrl("favicon.svg")
    }">${styles}${head}</head>` +
    `<body${
      options.bodyClass ? ` class="${escapeAttr(options.bodyClass)}"` : ""
    }>${body}${late}</body></html>`;
  return c.html(html, options.status ?? 200);
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}
