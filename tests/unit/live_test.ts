import assert from "node:assert/strict";
import { localBus } from "../../lib/live/bus.ts";
import {
  liveEnvelope,
  nextEventId,
  parseLiveEnvelope,
  segmentTopic,
  wantsEventStream,
} from "../../lib/rules/live.ts";
import type { LiveEvent } from "../../lib/rules/live.ts";

Deno.test("live bus - a subscriber receives the events of its topic only, until it unsubscribes", async () => {
  const bus = localBus();
  const got: LiveEvent[] = [];
  const stop = bus.subscribe(segmentTopic(1), (e) => got.push(e));
  await bus.publish(segmentTopic(1), { kind: "segment", segmentId: 1 });
  await bus.publish(segmentTopic(2), { kind: "segment", segmentId: 2 });
  assert.deepEqual(got, [{ kind: "segment", segmentId: 1 }]);
  assert.equal(bus.size(), 1);
  stop();
  await bus.publish(segmentTopic(1), { kind: "segment", segmentId: 1 });
  assert.equal(got.length, 1);
  assert.equal(bus.size(), 0);
  await bus.close();
});

Deno.test("live bus - a burst of results events becomes the first at once and the last after the window", async () => {
  const bus = localBus(40);
  const got: LiveEvent[] = [];
  bus.subscribe(segmentTopic(7), (e) => got.push(e));
  for (let i = 1; i <= 500; i++) {
    bus.publishCoalesced(segmentTopic(7), { kind: "results", segmentId: 7, messageId: i });
  }
  assert.deepEqual(got.map((e) => e.messageId), [1]);
  while (got.length < 2) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(got.map((e) => e.messageId), [1, 500]);
  await bus.close(); // clears the window still open
});

Deno.test("live envelope - round trip; foreign or malformed notifications are ignored", () => {
  const e: LiveEvent = { kind: "results", segmentId: 3, messageId: 9 };
  assert.deepEqual(parseLiveEnvelope(liveEnvelope("segment:3", e)), { topic: "segment:3", event: e });
  for (
    const bad of [
      "",
      "{",
      "null",
      '{"t":"x","e":{"kind":"drop","segmentId":1}}',
      '{"t":"x","e":{"kind":"results"}}',
    ]
  ) {
    assert.equal(parseLiveEnvelope(bad), null, bad);
  }
});

Deno.test("live event ids - follow Last-Event-ID; a missing or bad header starts at 1", () => {
  assert.equal(nextEventId("41"), 42);
  for (const bad of [undefined, null, "", "x", "-3", "1e400"]) {
    assert.equal(nextEventId(bad), 1);
  }
});

Deno.test("live streams - only a client asking for text/event-stream gets a stream", () => {
  for (const yes of ["text/event-stream", "text/html, text/event-stream;q=0.9", "TEXT/EVENT-STREAM"]) {
    assert.equal(wantsEventStream(yes), true, yes);
  }
  for (const no of [undefined, null, "", "*/*", "application/json", "text/event-streams"]) {
    assert.equal(wantsEventStream(no), false, String(no));
  }
});
