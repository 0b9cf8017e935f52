// The Prometheus figures of requests: counts and latency per route pattern, and the requests in flight
// (those the fast paths answer before the router included).
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { observeRequest, requestStarted } from "../lib/platform/metrics.ts";

/** The pattern of the route that answered (`/widgets/:channelId/:segmentId`), bounded for labels. */
function routeOf(c: Context): string {
  if (c.req.path.startsWith("/static/")) return "/static/*";
  // after next(), the route index is the handler (or guard) that answered
  return routePath(c) || "unmatched";
}

/** Counts every request that reaches the chain and its latency (registered only when METRICS_TOKEN is set). */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    observeRequest(routeOf(c), c.req.method, c.res.status, (performance.now() - started) / 1000);
  };
}

/**
 * Counts the requests being answered (`im_http_requests_in_flight`) where every request enters, so those the
 * fast paths answer without the chain (static files, rendered pages, results, votes: app/front.ts) count too.
 * A request answered at once is counted and done in the same turn.
 */
export function countInFlight<
  A extends { fetch: (req: Request, ...rest: never[]) => Response | Promise<Response> },
>(app: A): A {
  const inner = app.fetch;
  app.fetch = ((req: Request, ...rest: never[]) => {
    const done = requestStarted();
    let answer: Response | Promise<Response>;
    try {
      answer = inner(req, ...rest);
    } catch (error) {
      done();
      throw error;
    }
    if (answer instanceof Promise) return answer.finally(done);
    done();
    return answer;
  }) as A["fetch"];
  return app;
}
