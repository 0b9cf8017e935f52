import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { segmentLiveResults } from "../../../../../lib/segments/reads.ts";
import { admitLiveStream, LIVE_HEADERS, liveEventStream } from "../../../../../lib/live/stream.ts";
import { busOf } from "../../../../../lib/live/bus.ts";
import { staffSessionLive } from "../../../../../lib/platform/sessions.ts";
import { wantsEventStream } from "../../../../../lib/rules/live.ts";

const app = staffApi();

/** GET /api/v1/show_segments/{id}/live: the edit page's results panel as server-sent events. */
app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["show_segments"],
    summary:
      "Live results and counts of an interaction as server-sent events with Accept: text/event-stream (`results` {results, counts}; `end` when the session is revoked); otherwise the current state once as JSON",
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: { content: { "text/event-stream": { schema: z.string() } }, description: "An event stream" },
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const { id } = c.req.valid("param");
    const sql = c.var.sql;
    const now = await segmentLiveResults(sql, user, id); // 404 / 403 before the stream opens
    c.header("Cache-Control", "no-store");
    if (!wantsEventStream(c.req.header("accept"))) return c.json(now, 200);
    const sessionId = c.var.sessionId;
    admitLiveStream(c.var.deps.config.LIVE_STREAMS_MAX); // 503 with Retry-After past this instance's cap
    return c.body(
      liveEventStream({
        bus: busOf(c.var.deps),
        segmentId: id,
        kinds: ["results", "segment", "message"],
        lastEventId: c.req.header("last-event-id"),
        read: async () => ({ event: "results", data: await segmentLiveResults(sql, user, id) }),
        stillAllowed: () => sessionId ? staffSessionLive(sql, sessionId, user.id) : Promise.resolve(false),
      }),
      200,
      LIVE_HEADERS,
    );
  },
);

export default app;
