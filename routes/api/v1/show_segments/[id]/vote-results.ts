import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json } from "../../../../../app/api.ts";
import { cachedVoteResults, publicLiveResults } from "../../../../../lib/participations/service.ts";
import {
  admitLiveStream,
  LIVE_HEADERS,
  liveEventStream,
  sharedRead,
} from "../../../../../lib/live/stream.ts";
import { wantsEventStream } from "../../../../../lib/rules/live.ts";
import { busOf } from "../../../../../lib/live/bus.ts";
import type { FastPath } from "../../../../../app/front.ts";

const rowSchema = z.object({
  id: z.number(),
  index: z.number(),
  label: z.string(),
  count: z.number(),
  percentage: z.number(),
});

/**
 * A public read is answered again from memory before the app's routing while the results it was made from are
 * the ones kept (app/results_front.ts), so a "vote now" spike of results reads costs no render.
 */
export const fast: FastPath = { front: "results", segment: "id" };

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["interactions"],
    summary: "Vote results of an interaction (public when show_results is on; staff of the channel always)",
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: json(z.array(rowSchema), "One row per choice, in order"),
      403: json(errorSchema, "Results are not shown"),
      404: json(errorSchema, "Unknown interaction"),
    },
  }),
  async (c) => {
    const { rows, read } = await cachedVoteResults(
      c.var.deps,
      c.req.valid("param").id,
      c.var.user,
      c.var.deps.now?.() ?? new Date(),
    );
    c.set("resultsRead", read);
    c.header("Cache-Control", "no-store");
    return c.json(rows, 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/live",
    tags: ["interactions"],
    summary:
      "Live vote results as server-sent events with Accept: text/event-stream (`results` {hidden, rows, total}: counted votes only; hidden while results are not public); otherwise the current state once as JSON",
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: { content: { "text/event-stream": { schema: z.string() } }, description: "An event stream" },
      404: json(errorSchema, "Unknown interaction"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const sql = c.var.sql;
    const user = c.var.user;
    const deps = c.var.deps; // a stream keeps what it reads with, not the request's context
    const now = () => deps.now?.() ?? new Date();
    // a crowd opening the stream at once ("vote now") shares one read, as its streams do on each vote
    const publicRead = (since = 0) =>
      sharedRead(`vote-results:${id}`, () => publicLiveResults(sql, id, null, now()), 50, since);
    const current = user ? await publicLiveResults(sql, id, user, now()) : await publicRead(); // 404 before the stream
    c.header("Cache-Control", "no-store");
    if (!wantsEventStream(c.req.header("accept"))) return c.json(current, 200);
    admitLiveStream(c.var.deps.config.LIVE_STREAMS_MAX); // 503 with Retry-After past this instance's cap
    return c.body(
      liveEventStream({
        bus: busOf(deps),
        segmentId: id,
        kinds: ["results", "segment"],
        lastEventId: c.req.header("last-event-id"),
        // every listener's stream of this interaction wakes on the same vote: one read for them all
        read: async (since) => ({
          event: "results",
          data: await (user ? publicLiveResults(sql, id, user, now()) : publicRead(since)),
        }),
      }),
      200,
      LIVE_HEADERS,
    );
  },
);

export default app;
