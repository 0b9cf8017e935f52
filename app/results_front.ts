// Public vote results answered from memory before the app's routing, for the route that declares it
// (`export const fast = { front: "results" }`, found through the route manifest). The answer the whole chain made for a public read is kept with the results read
// it was made from (lib/participations/results_cache.ts): it is served again while that read is the one
// the results cache keeps and the results are still public, so it is dropped with it (a vote or a staff
// change published on this instance at once, any other change within VOTE_RESULTS_CACHE_MS).
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "./env.ts";
import type { ResultsRead } from "../db/votes.ts";
import { publicResultsCache } from "../lib/participations/service.ts";
import { resultsArePublic, resultsReadSegment } from "../lib/rules/vote_integrity.ts";
import { type FastLookup, type FastMatch, requestPath, type RouteFront } from "./front.ts";
import { serveStored, storeChainResponse, type StoredResponse } from "./stored_response.ts";

/** The segment of a results read, from the route's parameter its declaration names. */
function segmentOf({ fast, params }: FastMatch): number | null {
  return fast.front === "results" ? resultsReadSegment(params[fast.segment] ?? "") : null;
}

/**
 * The results front of an app: `front` answers a kept public read, the middleware keeps them. `lookup` finds
 * the route of a request among those that declare a fast path.
 */
export function resultsFront(
  deps: AppDeps,
  lookup: FastLookup,
): { front: RouteFront; middleware: MiddlewareHandler<AppEnv> } {
  const answers = new WeakMap<ResultsRead, StoredResponse>();
  const now = () => deps.now?.() ?? new Date();
  const keptAnswer = (segmentId: number) => {
    const read = publicResultsCache(deps).peek(segmentId);
    return read && resultsArePublic(read, now()) ? answers.get(read) ?? null : null;
  };

  const serve = (req: Request, match: FastMatch): Response | null => {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const segmentId = segmentOf(match);
    const stored = segmentId === null ? null : keptAnswer(segmentId);
    return stored ? serveStored(req, stored) : null;
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const match = c.req.method === "GET" ? lookup(requestPath(c.req.url)) : null;
    const segmentId = match && segmentOf(match);
    if (segmentId === null) return await next();
    const stored = keptAnswer(segmentId);
    if (stored) return serveStored(c.req.raw, stored);
    await next();
    // the answer of a read the cache keeps, made for nobody in particular (public results), is kept with it
    const read = c.get("resultsRead");
    if (
      !read || c.res.status !== 200 || c.res.headers.has("Set-Cookie") ||
      publicResultsCache(deps).peek(segmentId) !== read || !resultsArePublic(read, now())
    ) return;
    const answer = await storeChainResponse(c.res, false);
    if (answer) answers.set(read, answer);
  };
  return { front: { serve: (req, _env, _chain, match) => serve(req, match) }, middleware };
}
