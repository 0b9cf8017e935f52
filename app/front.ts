// Answers before the app's routing: a kept static file or rendered page costs about what a bare
// `Deno.serve` handler does. Each front cache has a middleware too, first in the chain, that fills it from the
// responses the whole chain makes. A front may also answer a request itself, as the route would, without the
// chain's middlewares (app/vote_front.ts: a listener's vote).
import type { Env, MiddlewareHandler } from "hono";
import { routeMatcher } from "../framework/manifest.ts";
import { nameRequest } from "../lib/platform/tracing.ts";

/** The app's chain (routing, middlewares, routes) for one request. */
export type Chain = (req: Request) => Response | Promise<Response>;

export interface Front {
  /**
   * The answer to this request, or null to let the app answer it. `env` is what the server handed with the
   * request (Deno.serve's handler info); `chain` answers a request as the app would without this front.
   */
  serve(req: Request, env: unknown, chain: Chain): Response | Promise<Response> | null;
}

export interface FrontCache<E extends Env = Env> extends Front {
  /** The response kept for this request, or null to let the app answer it. */
  serve(req: Request): Response | null;
  middleware: MiddlewareHandler<E>;
}

/**
 * What a route answers before the app's routing, declared next to its handlers (`export const fast`) and found
 * through the route manifest (routes.gen.ts `fastRoutes`): it answers only the route's own addresses.
 */
export type FastPath =
  & (
    /** A widget page the render cache keeps (app/page_cache.ts); `channel`: the path parameter of its channel. */
    | { front: "page"; channel: string }
    /** Public vote results kept with their read (app/results_front.ts); `segment`: the interaction's parameter. */
    | { front: "results"; segment: string }
    /** A listener's vote answered without the chain (app/vote_front.ts). */
    | { front: "vote" }
    /** A listener's quiz answer answered without the chain (app/vote_front.ts); `segment`: the quiz's parameter. */
    | { front: "quiz"; segment: string }
  )
  & {
    /** Whether the route's address with a final slash is answered too (a page's links end with one). */
    trailingSlash?: boolean;
  };

/** A front of the routes that declare it: `match` is the route the request is for, and its path parameters. */
export interface RouteFront {
  serve(req: Request, env: unknown, chain: Chain, match: FastMatch): Response | Promise<Response> | null;
}

/** The route of a request's path among those that declare a fast path, its declaration and its parameters. */
export interface FastMatch<F extends FastPath = FastPath> {
  route: string;
  fast: F;
  params: Record<string, string>;
}
export type FastLookup = (path: string) => FastMatch | null;

/**
 * Finds a request's path among the routes that declare a fast path (routes.gen.ts `fastRoutes`): the first
 * of the manifest's order whose pattern it matches, with its path parameters as sent (not decoded). Throws
 * when a declaration names no route of `routes` (a route renamed without its fast path) or a parameter its
 * route's pattern does not have: a fast path never silently stops.
 */
export function fastLookup(
  declared: { path: string; fast: FastPath }[],
  routes: { path: string }[],
): FastLookup {
  for (const { path, fast } of declared) {
    if (!routes.some((r) => r.path === path)) throw new Error(`fast path of ${path}: no such route`);
    const param = fast.front === "page" ? fast.channel : "segment" in fast ? fast.segment : null;
    if (param !== null && !path.split("/").includes(`:${param}`)) {
      throw new Error(`fast path of ${path}: the route has no parameter ${param}`);
    }
  }
  const table = declared.map(({ path, fast }) => ({
    route: path,
    fast,
    match: routeMatcher(path, fast.trailingSlash),
  }));
  // the fronts, then the caches' middlewares, look up the same request's path in turn: the last answer is kept
  let lastPath: string | null = null, last: FastMatch | null = null;
  return (path) => {
    if (path === lastPath) return last;
    lastPath = path;
    for (const { route, fast, match } of table) {
      const params = match(path);
      if (params) return last = { route, fast, params };
    }
    return last = null;
  };
}

/** The front of the routes that declare a fast path: each request to one goes to the front its declaration names. */
export function routeFronts(lookup: FastLookup, fronts: Record<FastPath["front"], RouteFront>): Front {
  return {
    serve(req, env, chain) {
      const found = lookup(requestPath(req.url));
      if (!found) return null;
      nameRequest(req.method, found.route); // the chain names it again when it answers instead
      return fronts[found.fast.front].serve(req, env, chain, found);
    },
  };
}

/** The path of a request's address (as sent: not decoded), without its query. */
export function requestPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

/** Makes `app.fetch` (and `app.request`, which calls it) ask the fronts first, in order. */
export function answerBeforeRouting<
  A extends { fetch: (req: Request, ...rest: never[]) => Response | Promise<Response> },
>(
  app: A,
  fronts: Front[],
): A {
  const routed = app.fetch;
  app.fetch = ((req: Request, ...rest: never[]) => {
    const chain = (r: Request) => routed(r, ...rest);
    for (const front of fronts) {
      const answer = front.serve(req, rest[0], chain);
      if (answer) return answer;
    }
    return chain(req);
  }) as A["fetch"];
  return app;
}
