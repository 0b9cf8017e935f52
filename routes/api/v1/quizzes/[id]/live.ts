import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json } from "../../../../../app/api.ts";
import { busOf } from "../../../../../lib/live/bus.ts";
import {
  admitLiveStream,
  LIVE_HEADERS,
  liveEventStream,
  sharedRead,
} from "../../../../../lib/live/stream.ts";
import { wantsEventStream } from "../../../../../lib/rules/live.ts";
import { publicQuizScreen } from "../../../../../lib/quiz/service.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["interactions"],
    summary:
      "A live quiz as listeners' widgets share it, as server-sent events with Accept: text/event-stream (`quiz`: the question, its `remaining_ms` on the server's clock, the answer count, the top 10, the winners; pseudonyms only); otherwise the current state once as JSON",
    description: "The same for every listener: each widget reads its own answers and score at " +
      "GET /api/v1/quizzes/{id} when the question moves on. The live stream caps of the instance apply.",
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: { content: { "text/event-stream": { schema: z.string() } }, description: "An event stream" },
      404: json(errorSchema, "Not a game with questions"),
      503: json(errorSchema, "This instance holds as many live streams as it may"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const deps = c.var.deps; // a stream keeps what it reads with, not the request's context
    const sql = c.var.sql;
    const now = () => deps.now?.() ?? new Date();
    // a crowd opening the stream at once shares one read, as its streams do on each answer
    const read = (since = 0) => sharedRead(`quiz:${id}`, () => publicQuizScreen(sql, id, now()), 50, since);
    const current = await read(); // 404 before the stream opens
    c.header("Cache-Control", "no-store");
    if (!wantsEventStream(c.req.header("accept"))) return c.json(current, 200);
    admitLiveStream(deps.config.LIVE_STREAMS_MAX); // 503 with Retry-After past this instance's cap
    return c.body(
      liveEventStream({
        bus: busOf(deps),
        segmentId: id,
        // an answer moves the count, a presenter's step the question, the board and the winners
        kinds: ["results", "segment"],
        lastEventId: c.req.header("last-event-id"),
        // every listener's stream of this quiz wakes on the same answer: one read for them all
        read: async (since) => ({
          event: "quiz",
          data: await read(since),
        }),
      }),
      200,
      LIVE_HEADERS,
    );
  },
);

export default app;
