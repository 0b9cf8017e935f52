// Attack scripts on the live streams: a staff stream checks the API's permissions and ends when
// its session is revoked; the public results stream shows counted votes only, and nothing while results
// are hidden.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { readSse } from "../_sse.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { endSession } from "../../lib/platform/sessions.ts";
import { randomSegment, testDevice } from "../api/_participation.ts";

const ctx = await testApp();
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);
const vote = async (segment: { id: number; choiceIds: number[] }, channel: number, choice = 0) => {
  const res = await ctx.request("/api/v1/interactions", {
    method: "POST",
    json: {
      channel_id: channel,
      segment: segment.id,
      device_id: testDevice(crypto.randomUUID()),
      content: { choice_ids: [segment.choiceIds[choice]] },
    },
  });
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
};
const total = (e: { json: { results: { total: number } } }) => e.json.results.total;

Deno.test({
  name: "live streams - staff permissions, revoked sessions, hidden results",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const seg = await randomSegment(ctx.sql, staff.radio, { show_results: true }, ["Yes", "No"]);
      const manager = await staff.token("manager");

      await t.step("the staff stream sends the results at once, and again after a vote", async () => {
        const res = await ctx.request(`/api/v1/show_segments/${seg.id}/live`, {
          token: manager,
          headers: { accept: "text/event-stream" },
        });
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
        const sse = readSse(res);
        const first = await sse.next((e) => e.event === "results");
        assert.equal(total(first), 0);
        assert.equal(first.id, "1");
        await vote(seg, staff.radio);
        const moved = await sse.next((e) => e.event === "results" && total(e) === 1);
        assert.deepEqual(moved.json.counts, { messages: 1, participants: 1 });
        await sse.close();
      });

      await t.step("Last-Event-ID continues the numbering", async () => {
        const res = await ctx.request(`/api/v1/show_segments/${seg.id}/live`, {
          token: manager,
          headers: { "last-event-id": "41", accept: "text/event-stream" },
        });
        const sse = readSse(res);
        assert.equal((await sse.next()).id, "42");
        await sse.close();
      });

      await t.step("no session is a 401; another channel's interaction is a 404, as in the API", async () => {
        const anonymous = await ctx.request(`/api/v1/show_segments/${seg.id}/live`);
        assert.equal(anonymous.status, 401);
        await anonymous.body?.cancel();
        const other = await randomSegment(ctx.sql, staff.tv, {}, ["A", "B"]);
        const res = await ctx.request(`/api/v1/show_segments/${other.id}/live`, { token: manager });
        assert.equal(res.status, 404);
        assert.equal((await res.json()).code, "not_found");
      });

      await t.step("revoking the session ends its open stream", async () => {
        const token = await staff.token("operator");
        const res = await ctx.request(`/api/v1/show_segments/${seg.id}/live`, {
          token,
          headers: { accept: "text/event-stream" },
        });
        const sse = readSse(res);
        await sse.next((e) => e.event === "results");
        const [session] = await ctx.sql<{ id: string }[]>`
          select id from sessions where kind = 'staff' and user_id = ${staff.ids.operator}
          order by created_at desc limit 1`;
        await endSession(ctx.sql, session.id);
        const end = await sse.next((e) => e.event === "end", 10_000);
        assert.equal(end.json.code, "unauthorized");
        await sse.ended;
      });

      await t.step(
        "public stream: results hidden until the vote closes show nothing, votes included",
        async () => {
          const hidden = await randomSegment(ctx.sql, staff.radio, {
            show_results: true,
            hide_results_until_end: true,
            end_date: new Date(Date.now() + 3600_000),
          }, ["Yes", "No"]);
          const res = await ctx.request(`/api/v1/show_segments/${hidden.id}/vote-results/live`, {
            headers: { accept: "text/event-stream" },
          });
          assert.equal(res.status, 200);
          const sse = readSse(res);
          assert.deepEqual((await sse.next()).json, { hidden: true, rows: [], total: 0 });
          await vote(hidden, staff.radio);
          // the hidden state did not change: nothing is sent (a stream sends a state only when it changed)
          await assert.rejects(sse.next(() => true, 1000));
          const read = await ctx.request(`/api/v1/show_segments/${hidden.id}/vote-results/live`);
          assert.deepEqual(await read.json(), { hidden: true, rows: [], total: 0 });
          await sse.close();
        },
      );

      await t.step(
        "public stream: shown results (counted votes, as the results read) move with a vote",
        async () => {
          const res = await ctx.request(`/api/v1/show_segments/${seg.id}/vote-results/live`, {
            headers: { accept: "text/event-stream" },
          });
          const sse = readSse(res);
          const before = (await sse.next()).json.total;
          await vote(seg, staff.radio, 1);
          const after = await sse.next((e) => e.json.total !== before);
          assert.equal(after.json.total, before + 1);
          assert.equal(after.json.hidden, false);
          await sse.close();
        },
      );

      await t.step("without Accept: text/event-stream, the current state once as JSON", async () => {
        const staffRead = await ctx.request(`/api/v1/show_segments/${seg.id}/live`, { token: manager });
        assert.match(staffRead.headers.get("content-type") ?? "", /application\/json/);
        assert.equal((await staffRead.json()).results.total >= 1, true);
        const publicRead = await ctx.request(`/api/v1/show_segments/${seg.id}/vote-results/live`);
        assert.equal((await publicRead.json()).hidden, false);
      });

      await t.step("public stream: an unknown interaction is a 404", async () => {
        const res = await ctx.request(`/api/v1/show_segments/99999999/vote-results/live`);
        assert.equal(res.status, 404);
        await res.body?.cancel();
      });
    } finally {
      await ctx.close();
    }
  },
});
