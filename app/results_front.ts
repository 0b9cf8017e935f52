// Public vote results answered from memory before the app's routing (issue 20: a results read within 5 ms
// p99 at 1,000,000 votes). The answer the whole chain made for a public read is kept with the results read
// it was made from (lib/participations/results_cache.ts): it is served again while that read is the one
// the results cache keeps and the results are still public, so it is dropped with it (a vote or a staff
// change published on this instance at once, any other change within VOTE_RESULTS_CACHE_MS).
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "./env.ts";
import type { ResultsRead } from "../db/votes.ts";
import { publicResultsCache } from "../lib/participations/service.ts";
import { resultsArePublic, resultsReadSegment } from "../lib/rules/vote_integrity.ts";
import { type FrontCache, requestPath } from "./front.ts";
import { serveStored, storeChainResponse, type StoredResponse } from "./stored_response.ts";

/** The results front of an app: `serve` answers a kept public read, the middleware keeps them. */
export function resultsFront(deps: AppDeps): FrontCache<AppEnv> {
  const answers = new WeakMap<ResultsRead, StoredResponse>();
  const now = () => deps.now?.() ?? new Date();
  const keptAnswer = (segmentId: number) => {
    const read = publicResultsCache(deps).peek(segmentId);
    return read && resultsArePublic(read, now()) ? answers.get(read) ?? null : null;
  };

  const serve = (req: Request): Response | null => {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const segmentId = resultsReadSegment(requestPath(req.url));
    const stored = segmentId === null ? null : keptAnswer(segmentId);
    return stored ? serveStored(req, stored) : null;
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const segmentId = c.req.method === "GET" ? resultsReadSegment(requestPath(c.req.url)) : null;
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
  return { serve, middleware };
}
