// Which widget page requests the render cache answers, under which key, and until when. Pure.
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

/** An id (of a channel, of an interaction) as a widget page's address spells it. */
const ID = /^\d{1,15}$/;

export interface PageCacheTarget {
  key: string;
  channelId: number;
}

/**
 * The render cache's key of a request for a widget page (`ids`: its route's path parameters as sent,
 * `channel` the one naming its channel, as the route that declares the page cacheable says), or null when
 * the page is rendered for this request: an id spelled otherwise, a staff preview, a shared participation,
 * or a parameter the cache does not know. The key holds all that changes the HTML: the address, its parameters (sorted) and the language
 * the browser asks for (widgetLanguage reads nothing else of the request).
 * @example pageCacheTarget({ channelId: "1", segmentId: "2" }, "channelId", "/widgets/1/2/", "lang=en", null)
 * // { key: "/widgets/1/2/?lang=en|-", channelId: 1 }
 */
export function pageCacheTarget(
  ids: Record<string, string>,
  channel: string,
  path: string,
  search: string,
  acceptLanguage: string | null | undefined,
): PageCacheTarget | null {
  for (const name in ids) if (!ID.test(ids[name])) return null;
  if (!(channel in ids)) return null;
  const params = new URLSearchParams(search);
  for (const name of params.keys()) if (!SHARED_PARAMS.has(name)) return null;
  params.sort();
  const query = params.toString();
  return {
    key: `${path}${query ? `?${query}` : ""}|${browserLanguage(acceptLanguage) ?? "-"}`,
    channelId: Number(ids[channel]),
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
