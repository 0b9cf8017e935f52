import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { channelCountsFor } from "../../../../lib/live/counts.ts";
import { admitLiveStream, LIVE_HEADERS, liveEventStream } from "../../../../lib/live/stream.ts";
import { busOf } from "../../../../lib/live/bus.ts";
import { staffSessionLive } from "../../../../lib/platform/sessions.ts";
import { channelTopic, wantsEventStream } from "../../../../lib/rules/live.ts";

const app = staffApi();
const countsSchema = z.object({ unread: z.number(), moderation: z.number() });

/** GET /api/v1/live/counts: the unread badge and the moderation queue of the caller's channel, pushed. */
app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["participations"],
    summary:
      "Unread and awaiting-moderation counts of the caller's channel as server-sent events with Accept: text/event-stream (`counts` {unread, moderation} at once and on each change; `end` when the session is revoked); otherwise once as JSON",
    responses: {
      200: {
        content: { "text/event-stream": { schema: z.string() }, ...json(countsSchema, "").content },
        description: "An event stream, or the counts as JSON",
      },
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const sql = c.var.sql;
    const now = await channelCountsFor(sql, user);
    c.header("Cache-Control", "no-store");
    if (!wantsEventStream(c.req.header("accept")) || user.channel_id === null) {
      return c.json(now, 200);
    }
    const sessionId = c.var.sessionId;
    admitLiveStream(c.var.deps.config.LIVE_STREAMS_MAX); // 503 with Retry-After past this instance's cap
    return c.body(
      liveEventStream({
        bus: busOf(c.var.deps),
        segmentId: 0,
        topic: channelTopic(user.channel_id!),
        kinds: ["message"],
        lastEventId: c.req.header("last-event-id"),
        read: async () => ({ event: "counts", data: await channelCountsFor(sql, user) }),
        stillAllowed: () => sessionId ? staffSessionLive(sql, sessionId, user.id) : Promise.resolve(false),
      }),
      200,
      LIVE_HEADERS,
    );
  },
);

export default app;
