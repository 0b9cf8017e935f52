// Winner draws: a count among a tab, previous winners left out if asked, recorded with
// who/when/how many/seed, and replayed for an audit.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { randomMessage, randomSegment } from "./_participation.ts";

Deno.test("draws API - count, tab, previous winners, record and replay", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const operator = await token("operator");
    const segment = await randomSegment(ctx.sql, radio, { type: "message" });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const m = await randomMessage(ctx.sql, { id: segment.id, channelId: radio }, {
        liked: i < 5,
        duration_ms: i % 2 ? 4000 : null,
      });
      ids.push(m.id);
    }
    // an archived liked message is not in Liked, so it cannot win from that tab
    await ctx.sql`update messages set status = 'archived' where id = ${ids[0]}`;
    const draw = (json: Record<string, unknown>) =>
      ctx.request("/api/v1/interaction/draw_winners", {
        method: "POST",
        token: operator,
        json: { segment_id: segment.id, ...json },
      });

    let first: { id: number; ids: number[]; candidates: number };
    await t.step("three winners among Liked", async () => {
      const res = await draw({ count: 3, tab: "liked", exclude_previous: true });
      assert.equal(res.status, 200);
      first = await jsonOf(res);
      assert.equal(first.candidates, 4);
      assert.equal(first.ids.length, 3);
      for (const id of first.ids) assert.ok(ids.slice(1, 5).includes(id));
      const rows = await ctx
        .sql`select count(*)::int as n from messages where winner and segment_id = ${segment.id}`;
      assert.equal(rows[0].n, 3);
    });

    await t.step("previous winners left out: the last liked one wins, then nobody", async () => {
      const again = await jsonOf(await draw({ count: 5, tab: "liked", exclude_previous: true }));
      assert.equal(again.candidates, 1);
      assert.equal(again.ids.length, 1);
      assert.ok(!first.ids.includes(again.ids[0]));
      const none = await jsonOf(await draw({ count: 1, tab: "liked", exclude_previous: true }));
      assert.deepEqual(none.ids, []);
      // not left out: they may win again
      const open = await jsonOf(await draw({ count: 50, tab: "liked", exclude_previous: false }));
      assert.equal(open.candidates, 4);
    });

    await t.step("with a recording: only recorded participations", async () => {
      const res = await jsonOf(await draw({ count: 50, tab: "recorded", exclude_previous: false }));
      const recorded = ids.filter((_, i) => i % 2 === 1);
      assert.deepEqual([...res.ids].sort((a, b) => a - b), recorded);
    });

    await t.step(
      "recorded with who, when, how many and the seed; the replay gives the same winners",
      async () => {
        const list = await jsonOf(
          await ctx.request(`/api/v1/interaction/draws?segment_id=${segment.id}`, { token: operator }),
        );
        assert.equal(list.length, 5);
        const recorded = list.find((d: { id: number }) => d.id === first.id);
        assert.ok(recorded.drawn_by, "who drew");
        assert.ok(Date.parse(recorded.drawn_at) > Date.now() - 60_000, "when");
        assert.equal(recorded.count, 3);
        assert.equal(recorded.tab, "liked");
        assert.match(recorded.seed, /^[0-9a-f]{32}$/);
        assert.deepEqual(recorded.winner_ids, first.ids);
        // the back office's history: the winners named as the inbox names them, in the order drawn; the
        // first draw of the interaction is no re-draw, every later one is
        const authors = await ctx.sql<
          { id: number; author_name: string | null; author_city: string | null }[]
        >`
          select id::int as id, author_name, author_city from messages where id = any(${first.ids})`;
        assert.deepEqual(
          recorded.winners,
          first.ids.map((id) => {
            const m = authors.find((a) => a.id === id)!;
            return { id, name: m.author_name, city: m.author_city };
          }),
        );
        assert.deepEqual(
          list.map((d: { rank: number; redraw: boolean }) => [d.rank, d.redraw]),
          [[5, true], [4, true], [3, true], [2, true], [1, false]],
        );
        assert.equal(list.at(-1).id, first.id);
        assert.deepEqual(list.find((d: { winners: unknown[] }) => d.winners.length === 0)?.winner_ids, []);
        const audit = await jsonOf(
          await ctx.request(`/api/v1/interaction/draws/${first.id}`, { token: operator }),
        );
        assert.equal(audit.matches, true);
        assert.deepEqual(audit.replayed_ids, first.ids);
        assert.equal(audit.candidate_ids.length, 4);
        // a tampered record no longer matches its replay
        await ctx.sql`update winner_draws set winner_ids = ${[ids[11]]} where id = ${first.id}`;
        const tampered = await jsonOf(
          await ctx.request(`/api/v1/interaction/draws/${first.id}`, { token: operator }),
        );
        assert.equal(tampered.matches, false);
      },
    );
  } finally {
    await ctx.close();
  }
});
