// Answers from memory before the app's routing (issue 20): a kept static file or rendered page costs about
// what a bare `Deno.serve` handler does. Each front cache has a middleware too, first in the chain, that
// fills it from the responses the whole chain makes.
import type { Env, MiddlewareHandler } from "hono";

export interface FrontCache<E extends Env = Env> {
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

/** Makes `app.fetch` (and `app.request`, which calls it) ask the front caches first. */
export function answerFromMemory<
  A extends { fetch: (req: Request, ...rest: never[]) => Response | Promise<Response> },
>(
  app: A,
  caches: Pick<FrontCache, "serve">[],
): A {
  const routed = app.fetch;
  app.fetch = ((req: Request, ...rest: never[]) => {
    for (const cache of caches) {
      const kept = cache.serve(req);
      if (kept) return kept;
    }
    return routed(req, ...rest);
  }) as A["fetch"];
  return app;
}
