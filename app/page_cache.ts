// The render cache of the widget pages that declare it (`export const fast = { front: "page" }`, found
// through the route manifest): a page the same for every visitor who asks for it the same way
// (lib/rules/page_cache.ts) is rendered once, kept a few seconds, and served again from memory
// before the app's routing and middleware (session, translator, request id, compression: the stored
// response carries the headers and bodies they made). A change of a channel, a segment or its choices,
// committed by any instance or tool, drops that channel's pages on every instance (migration 026,
// lib/live/pages.ts).
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "./env.ts";
import { BoundedCache } from "../lib/platform/bounded_cache.ts";
import { PAGE_RENDER_CACHE } from "../lib/rules/constants.ts";
import { pageCacheTarget } from "../lib/rules/page_cache.ts";
import { watchPublicPages } from "../lib/live/pages.ts";
import { type FastLookup, type FastMatch, requestPath, type RouteFront } from "./front.ts";
import { serveStored, storeChainResponse, storedBytes, type StoredResponse } from "./stored_response.ts";
import { log } from "../lib/platform/log.ts";

interface Rendered {
  stored: StoredResponse;
  /** The change count when its render began: a change of its channel since then makes it stale. */
  version: number;
}

/**
 * The render cache of an app: `front` answers a kept page, the middleware (registered first) renders and
 * keeps the others. `lookup` finds the route of a request among those that declare a fast path. Its clock is
 * the app's (`deps.now`), the one the pages' availability rules read.
 */
export function pageCache(
  deps: AppDeps,
  lookup: FastLookup,
): { front: RouteFront; middleware: MiddlewareHandler<AppEnv> } {
  const cache = new BoundedCache<string, Rendered>(PAGE_RENDER_CACHE.maxEntries, PAGE_RENDER_CACHE.ttlMs, {
    name: "pages",
    maxBytes: PAGE_RENDER_CACHE.maxBytes,
    sizeOf: (rendered) => storedBytes(rendered.stored),
  });
  const rendering = new Map<string, Promise<StoredResponse | null>>();
  // every change counts one; a channel remembers the count of its last change, `all` that of a change of any
  let version = 1, all = 0;
  const changedAt = new Map<number, number>();
  const changed = (channelId: number) => {
    version++;
    if (channelId > 0) changedAt.set(channelId, version);
    else all = version;
  };
  const current = (channelId: number, since: number) =>
    all <= since && (changedAt.get(channelId) ?? 0) <= since;
  // nothing is kept until the database's notifications are heard (tried again on the next page if it failed)
  let listening: Promise<unknown> | null = null, ready = false;
  const listen = () => {
    listening ??= watchPublicPages(deps.sql, changed).then(() => ready = true, (e) => {
      log.error("pages not listening to changes", { error: e });
      listening = null;
    });
  };
  const clock = () => deps.now?.().getTime() ?? Date.now();
  const targetOf = (req: Request, path: string, { fast, params }: FastMatch) => {
    if (fast.front !== "page") return null;
    const url = req.url, q = url.indexOf("?");
    return pageCacheTarget(
      params,
      fast.channel,
      path,
      q < 0 ? "" : url.slice(q + 1),
      req.headers.get("Accept-Language"),
    );
  };
  const kept = (key: string, channelId: number, now: number) => {
    const hit = cache.get(key, now);
    return hit && current(channelId, hit.version) ? hit.stored : null;
  };

  const serve = (req: Request, match: FastMatch): Response | null => {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const target = targetOf(req, requestPath(req.url), match);
    const stored = target && kept(target.key, target.channelId, clock());
    return stored ? serveStored(req, stored) : null;
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      await next();
      // what staff change through this instance shows on its very next page; the database's notification,
      // a moment later, tells the other instances
      if (c.res.status < 400 && c.get("user")) changed(0);
      return;
    }
    // the address as sent (c.req.path drops a trailing slash: the key must be the one `serve` computes)
    const path = requestPath(c.req.url);
    const match = lookup(path);
    const target = match && targetOf(c.req.raw, path, match);
    if (!target) return await next();
    const { key, channelId } = target;
    const now = clock();
    const hit = kept(key, channelId, now);
    if (hit) return serveStored(c.req.raw, hit);
    listen();
    if (!ready) return await next();
    // one render per page at a time: the others wait for it (a "vote now" spike meets an expired entry)
    const pending = rendering.get(key);
    if (pending) {
      const stored = await pending;
      return stored ? serveStored(c.req.raw, stored) : await next();
    }
    const since = version;
    let done!: (stored: StoredResponse | null) => void;
    rendering.set(key, new Promise((resolve) => done = resolve));
    let stored: StoredResponse | null = null;
    try {
      await next();
      const res = c.res;
      const until = c.get("renderedUntil") ?? now + PAGE_RENDER_CACHE.ttlMs;
      if (
        res.status === 200 && /^public\b/.test(res.headers.get("Cache-Control") ?? "") &&
        !res.headers.has("Set-Cookie") && until > now
      ) {
        stored = await storeChainResponse(res);
        if (stored && current(channelId, since)) cache.set(key, { stored, version: since }, now, until - now);
        else stored = null;
      }
    } finally {
      rendering.delete(key);
      done(stored);
    }
  };
  return { front: { serve: (req, _env, _chain, match) => serve(req, match) }, middleware };
}
