// The counts stream of the unread badge and the moderation queue: the current counts at once, then
// a push as soon as a listener sends a message, a colleague reads or moderates one (well under the 10 s
// resync), only the caller's channel, and the end of the stream when the session is revoked.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { readSse } from "../_sse.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { endSession } from "../../lib/platform/sessions.ts";
import { randomSegment, testDevice } from "./_participation.ts";

const ctx = await testApp();
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);
const SSE = { headers: { accept: "text/event-stream" } };

Deno.test({
  name: "live counts - pushed on a new message, a read and a moderation; ends with the session",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    try {
      const manager = await staff.token("manager");
      const json = await (await ctx.request("/api/v1/live/counts", { token: manager })).json();
      assert.equal(typeof json.unread, "number");
      const sse = readSse(await ctx.request("/api/v1/live/counts", { ...SSE, token: manager }));
      const first = (await sse.next((e) => e.event === "counts")).json;
      assert.deepEqual(first, json);
      const seg = await randomSegment(ctx.sql, staff.radio, { type: "message", requires_approval: true });
      const sent = await ctx.request("/api/v1/interactions", {
        method: "POST",
        json: {
          channel_id: staff.radio,
          segment: seg.id,
          device_id: testDevice(crypto.randomUUID()),
          content: { text: "Bonjour le studio" },
        },
      });
      assert.equal(sent.status, 200, await sent.clone().text());
      const { id } = await sent.json();
      const started = Date.now();
      const after = (await sse.next((e) =>
        e.event === "counts" && e.json.moderation > first.moderation, 3000))
        .json;
      assert.ok(Date.now() - started < 3000);
      assert.equal(after.moderation, first.moderation + 1);
      assert.equal(after.unread, first.unread + 1);
      const moderated = await ctx.request("/api/v1/moderation", {
        method: "POST",
        token: manager,
        json: { ids: [id], decision: "approve" },
      });
      assert.equal(moderated.status, 200);
      await sse.next((e) => e.event === "counts" && e.json.moderation === first.moderation, 3000);
      const read = await ctx.request("/api/v1/interaction-read", {
        method: "POST",
        token: manager,
        json: { ids: [id] },
      });
      assert.equal(read.status, 200, await read.clone().text());
      await sse.next((e) => e.event === "counts" && e.json.unread === first.unread, 3000);
      // another channel's message does not move these counts
      const tvSeg = await randomSegment(ctx.sql, staff.tv, { type: "message" });
      await ctx.request("/api/v1/interactions", {
        method: "POST",
        json: {
          channel_id: staff.tv,
          segment: tvSeg.id,
          device_id: testDevice(crypto.randomUUID()),
          content: { text: "Ailleurs" },
        },
      }).then((r) => r.body?.cancel());
      await assert.rejects(sse.next((e) => e.event === "counts", 800));
      // the session revoked: the stream ends
      const [session] = await ctx.sql<{ id: string }[]>`
        select id from sessions where kind = 'staff' and user_id = ${staff.ids.manager}
        order by created_at desc limit 1`;
      await endSession(ctx.sql, session.id);
      await sse.next((e) => e.event === "end", 5000);
      await sse.close();
      assert.equal((await ctx.request("/api/v1/live/counts")).status, 401);
    } finally {
      await ctx.close();
    }
  },
});
