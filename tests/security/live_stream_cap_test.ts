// Attack script on live streams: a crowd of streams is not refused per address (thousands of listeners share
// one carrier address), but an instance holds at most LIVE_STREAMS_MAX; one more is a 503 that says when to
// come back, and a stream that ends frees its place.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { readSse, type SseReader } from "../_sse.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { randomSegment } from "../api/_participation.ts";
import { LIVE_RETRY_AFTER_SECONDS, LIVE_STREAMS_MAX } from "../../lib/rules/constants.ts";
import { loadConfig } from "../../lib/platform/config.ts";

const CAP = 5;
const ctx = await testApp({ env: { LIVE_STREAMS_MAX: String(CAP) } });
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);

Deno.test({
  name: "live streams - capped per instance, not per address, answered 503 with Retry-After",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const seg = await randomSegment(ctx.sql, staff.radio, { show_results: true }, ["Yes", "No"]);
      const path = `/api/v1/show_segments/${seg.id}/vote-results/live`;
      const open = (address: string) =>
        ctx.request(path, { headers: { accept: "text/event-stream", "x-forwarded-for": address } });

      await t.step("the default cap is the documented one", () => {
        assert.equal(loadConfig({}).LIVE_STREAMS_MAX, LIVE_STREAMS_MAX);
        assert.equal(LIVE_STREAMS_MAX, 10_000);
      });

      const streams: SseReader[] = [];
      await t.step(`${CAP} listeners behind one address all get their stream`, async () => {
        for (let i = 0; i < CAP; i++) {
          const res = await open("198.51.100.7");
          assert.equal(res.status, 200);
          assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
          const sse = readSse(res);
          assert.equal((await sse.next()).event, "results");
          streams.push(sse);
        }
      });

      await t.step("one more, from any address, is a 503 with Retry-After", async () => {
        const res = await open("192.0.2.55");
        assert.equal(res.status, 503);
        assert.equal(res.headers.get("retry-after"), String(LIVE_RETRY_AFTER_SECONDS));
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        assert.equal((await res.json()).code, "unavailable");
      });

      await t.step("the current state as JSON is still answered at the cap", async () => {
        const res = await ctx.request(path);
        assert.equal(res.status, 200);
        assert.equal((await res.json()).hidden, false);
      });

      await t.step("a stream that ends frees its place", async () => {
        await streams.pop()!.close();
        let res;
        // the server sees the client go on its next write or wake: a closed stream leaves within a moment
        for (let i = 0; i < 50; i++) {
          res = await open("192.0.2.55");
          if (res.status === 200) break;
          await res.body?.cancel();
          await new Promise((r) => setTimeout(r, 100));
        }
        assert.equal(res!.status, 200);
        streams.push(readSse(res!));
      });
      await Promise.all(streams.map((s) => s.close()));
    } finally {
      await ctx.close();
    }
  },
});
