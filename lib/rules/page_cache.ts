// Which widget page requests the render cache answers, under which key, and until when (issue 20). Pure.
import { browserLanguage } from "./i18n.ts";

/**
 * The query parameters of the widget pages that are the same for whoever sends them (visitor-widget §2);
 * `preview` (a staff preview) and `s` (a listener's shared participation) are not: those pages are
 * rendered for their request.
 */
const SHARED_PARAMS = new Set([
  "lang",
  "background",
  "width",
  "height",
  "ref",
  "interaction_id",
  "from_perm",
  "im_screen",
]);

const SINGLE = /^\/widgets\/(\d{1,15})\/\d{1,15}\/?$/;
const CHANNEL = /^\/widgets\/channel\/(\d{1,15})\/?$/;

export interface PageCacheTarget {
  key: string;
  channelId: number;
}

/**
 * The render cache's key of a request for a widget page, or null when the page is rendered for this
 * request: another address, a staff preview, a shared participation, or a parameter the cache does not
 * know. The key holds all that changes the HTML: the address, its parameters (sorted) and the language
 * the browser asks for (widgetLanguage reads nothing else of the request).
 * @example pageCacheTarget("/widgets/1/2/", "lang=en", null) // { key: "/widgets/1/2/?lang=en|-", channelId: 1 }
 */
export function pageCacheTarget(
  path: string,
  search: string,
  acceptLanguage: string | null | undefined,
): PageCacheTarget | null {
  const match = SINGLE.exec(path) ?? CHANNEL.exec(path);
  if (!match) return null;
  const params = new URLSearchParams(search);
  for (const name of params.keys()) if (!SHARED_PARAMS.has(name)) return null;
  params.sort();
  const query = params.toString();
  return {
    key: `${path}${query ? `?${query}` : ""}|${browserLanguage(acceptLanguage) ?? "-"}`,
    channelId: Number(match[1]),
  };
}

/**
 * Until when a rendered page may be served (ms since the epoch): its lifetime, cut at the first of
 * `dates` still to come (an interaction opening or closing, results revealed at its end).
 */
export function renderedUntil(
  nowMs: number,
  ttlMs: number,
  dates: (Date | string | null | undefined)[],
): number {
  let until = nowMs + ttlMs;
  for (const date of dates) {
    const at = date ? new Date(date).getTime() : NaN;
    if (at > nowMs && at < until) until = at;
  }
  return until;
}
