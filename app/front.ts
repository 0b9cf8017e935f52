// Answers before the app's routing (issue 20): a kept static file or rendered page costs about what a bare
// `Deno.serve` handler does. Each front cache has a middleware too, first in the chain, that fills it from the
// responses the whole chain makes. A front may also answer a request itself, as the route would, without the
// chain's middlewares (app/vote_front.ts: a listener's vote).
import type { Env, MiddlewareHandler } from "hono";

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
