// Public vote results answered from memory before the app's routing (app/results_front.ts): the
// kept answer is the chain's own, a vote or a staff change is in the next read, and an answer made for staff
// while the results are not public never reaches anyone else.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { busOf } from "../../lib/live/bus.ts";
import { segmentChanged } from "../../lib/live/events.ts";
import { randomChannel, randomSegment, testDevice } from "./_participation.ts";

Deno.test({
  name: "results front - public results from memory, dropped with the results they were made from",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp();
    try {
      const channelId = await randomChannel(ctx.sql);
      const seg = await randomSegment(ctx.sql, channelId, {}, ["A", "B"]);
      const path = `/api/v1/show_segments/${seg.id}/vote-results`;
      const vote = (label: string, choice: number) =>
        ctx.request("/api/v1/interactions", {
          method: "POST",
          json: {
            channel_id: channelId,
            segment: seg.id,
            device_id: testDevice(label),
            content: { choice_ids: [seg.choiceIds[choice]] },
          },
        });
      const counts = async (token?: string) => {
        const res = await ctx.request(path, { token });
        assert.equal(res.status, 200);
        return ((await res.json()) as { count: number }[]).map((r) => r.count);
      };
      // the clock the front reads once per request; a request that reaches the routes reads it again
      const clockReads = async (init: { method?: string } = {}) => {
        let reads = 0;
        ctx.deps.now = () => (reads++, new Date());
        try {
          const res = await ctx.request(path, init);
          await res.arrayBuffer();
          return { reads, res };
        } finally {
          ctx.deps.now = undefined;
        }
      };
      assert.equal((await vote("a", 0)).status, 200);

      await t.step(
        "the second read is answered before the routes, with the chain's headers and body",
        async () => {
          const first = await ctx.request(path);
          const firstBody = await first.text();
          const again = await clockReads();
          assert.equal(again.reads, 1);
          const kept = await ctx.request(path);
          assert.equal(kept.status, 200);
          assert.equal(await kept.text(), firstBody);
          const headers = (res: Response) => [...res.headers].filter(([name]) => name !== "date");
          assert.deepEqual(headers(kept), headers(first));
          assert.equal(kept.headers.get("cache-control"), "no-store");
          assert.equal(kept.headers.get("etag"), null);
          const head = await clockReads({ method: "HEAD" });
          assert.equal(head.reads, 1);
          assert.equal(head.res.status, 200);
        },
      );

      await t.step("a vote counted on this instance is in the very next read", async () => {
        assert.deepEqual(await counts(), [1, 0]);
        assert.equal((await vote("b", 1)).status, 200);
        assert.deepEqual(await counts(), [1, 1]);
        assert.deepEqual(await counts(), [1, 1]);
      });

      await t.step(
        "results hidden by staff: the public gets 403 at once, staff get theirs, never kept",
        async () => {
          assert.deepEqual(await counts(), [1, 1]);
          await ctx.sql`update segments set show_results = false where id = ${seg.id}`;
          await segmentChanged(busOf(ctx.deps), seg.id);
          assert.equal((await ctx.request(path)).status, 403);
          const [staff] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
          values ('op-front', 'op-front@example.com', 'operator', ${channelId}) returning id::int as id`;
          const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
          assert.deepEqual(await counts(token), [1, 1]);
          assert.deepEqual(await counts(token), [1, 1]);
          for (let i = 0; i < 3; i++) {
            const res = await ctx.request(path);
            assert.equal(res.status, 403);
            assert.equal((await res.json()).code, "forbidden");
          }
        },
      );

      await t.step("results shown again: public once more; an unknown segment stays 404", async () => {
        await ctx.sql`update segments set show_results = true where id = ${seg.id}`;
        await segmentChanged(busOf(ctx.deps), seg.id);
        assert.deepEqual(await counts(), [1, 1]);
        assert.deepEqual(await counts(), [1, 1]);
        assert.equal((await ctx.request(`/api/v1/show_segments/999999/vote-results`)).status, 404);
        assert.equal((await ctx.request(`/api/v1/show_segments/0${seg.id}/vote-results`)).status, 200);
      });
      await t.step(
        "odd addresses and methods: never a 500, never another segment's kept answer",
        async () => {
          await counts(); // kept now
          for (
            const odd of [
              `/api/v1/show_segments/${"9".repeat(5000)}/vote-results`,
              `/api/v1/show_segments/${seg.id}%00/vote-results`,
              `/api/v1/show_segments/${seg.id}/vote-results%00`,
              `/api/v1/show_segments/-${seg.id}/vote-results`,
              `/api/v1/show_segments/${seg.id}.5/vote-results`,
            ]
          ) {
            const res = await ctx.request(odd);
            // refused as bad input, unknown, or a staff address (401): never results, never a 500
            assert.ok([400, 401, 404].includes(res.status), `${odd.slice(0, 60)}: ${res.status}`);
            assert.match(res.headers.get("content-type") ?? "", /application\/json/);
          }
          const posted = await ctx.request(path, { method: "POST", json: { count: 1000 } });
          assert.ok([401, 404, 405].includes(posted.status), String(posted.status));
          assert.deepEqual(await counts(), [1, 1]);
        },
      );
    } finally {
      await ctx.close();
    }
  },
});
