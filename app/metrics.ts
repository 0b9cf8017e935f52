import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { observeRequest, requestStarted } from "../lib/platform/metrics.ts";

/** The pattern of the route that answered (`/widgets/:channelId/:segmentId`), bounded for labels. */
function routeOf(c: Context): string {
  if (c.req.path.startsWith("/static/")) return "/static/*";
  // after next(), the route index is the handler (or guard) that answered
  return routePath(c) || "unmatched";
}

/** Counts every request and its latency (registered only when METRICS_TOKEN is set). */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const done = requestStarted();
    try {
      await next();
    } finally {
      done();
    }
    observeRequest(routeOf(c), c.req.method, c.res.status, (performance.now() - started) / 1000);
  };
}
