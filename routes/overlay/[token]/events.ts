import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { overlaySegment, overlayState } from "../../../lib/live/overlay.ts";
import { admitLiveStream, LIVE_HEADERS, liveEventStream, sharedRead } from "../../../lib/live/stream.ts";
import { busOf } from "../../../lib/live/bus.ts";
import { wantsEventStream } from "../../../lib/rules/live.ts";

/**
 * GET /overlay/{token}/events: the overlay's state as server-sent events (`state`), again after each vote
 * (coalesced) or staff control; `end` when the token is regenerated.
 */
export default new Hono<AppEnv>()
  .get("/", async (c) => {
    const token = c.req.param("token") ?? "";
    const sql = c.var.sql;
    const segmentId = await overlaySegment(sql, token); // 404 before the stream opens
    const ctx = () => ({ now: c.var.deps.now?.() ?? new Date(), publicUrl: publicUrl(c.var.deps.config) });
    c.header("Cache-Control", "no-store");
    if (!wantsEventStream(c.req.header("accept"))) return c.json(await overlayState(sql, token, ctx()), 200);
    admitLiveStream(c.var.deps.config.LIVE_STREAMS_MAX); // 503 with Retry-After past this instance's cap
    return c.body(
      liveEventStream({
        bus: busOf(c.var.deps),
        segmentId,
        kinds: ["results", "segment", "overlay", "message"], // message: a transcript arrived
        lastEventId: c.req.header("last-event-id"),
        read: async (since) => ({
          event: "state",
          data: await sharedRead(`overlay:${token}`, () => overlayState(sql, token, ctx()), 50, since),
        }),
      }),
      200,
      LIVE_HEADERS,
    );
  })
  /** GET /overlay/{token}/events/state: the same state as JSON, for screens that cannot open a stream. */
  .get("/state", async (c) => {
    const token = c.req.param("token") ?? "";
    const now = c.var.deps.now?.() ?? new Date();
    c.header("Cache-Control", "no-store");
    return c.json(
      await overlayState(c.var.sql, token, { now, publicUrl: publicUrl(c.var.deps.config) }),
      200,
    );
  });
