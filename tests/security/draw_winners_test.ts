// Winner draws as an attacker would try them: another channel's interaction or draw,
// counts out of range, a listener's or no session, the same draw sent twice at once.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { randomAppUser, randomMessage, randomSegment } from "../api/_participation.ts";

Deno.test("draw winners security - other channels, out-of-range counts, no staff session", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, tv, token } = await demoStaff(ctx);
    const operator = await token("operator");
    const tvSegment = await randomSegment(ctx.sql, tv, { type: "message" });
    for (let i = 0; i < 3; i++) await randomMessage(ctx.sql, { id: tvSegment.id, channelId: tv });
    const radioSegment = await randomSegment(ctx.sql, radio, { type: "message" });
    for (let i = 0; i < 6; i++) await randomMessage(ctx.sql, { id: radioSegment.id, channelId: radio });
    const draw = (json: unknown, bearer: string | undefined = operator) =>
      ctx.request("/api/v1/interaction/draw_winners", { method: "POST", token: bearer, json });

    await t.step("another channel's interaction: 404, nothing drawn or recorded", async () => {
      const res = await draw({ segment_id: tvSegment.id, count: 1 });
      assert.equal(res.status, 404);
      assert.equal((await jsonOf(res)).code, "not_found");
      const [row] = await ctx.sql`select
        (select count(*)::int from messages where segment_id = ${tvSegment.id} and winner) as winners,
        (select count(*)::int from winner_draws where segment_id = ${tvSegment.id}) as draws`;
      assert.deepEqual({ ...row }, { winners: 0, draws: 0 });
      const list = await ctx.request(`/api/v1/interaction/draws?segment_id=${tvSegment.id}`, {
        token: operator,
      });
      assert.equal(list.status, 404);
    });

    await t.step("another channel's draw cannot be read or replayed", async () => {
      const tvAdmin = await token("admin"); // the super administrator draws on the TV channel
      const tvDraw = await jsonOf(await draw({ segment_id: tvSegment.id, count: 1 }, tvAdmin));
      const res = await ctx.request(`/api/v1/interaction/draws/${tvDraw.id}`, { token: operator });
      assert.equal(res.status, 404);
      const body = await res.text();
      assert.ok(!body.includes("seed"));
    });

    await t.step("counts out of 1 to 50, unknown tabs: 400 with the field", async () => {
      for (const json of [{ count: 0 }, { count: 51 }, { count: 2.5 }, { count: "3" }, { tab: "trash" }]) {
        const res = await draw({ segment_id: radioSegment.id, ...json });
        assert.equal(res.status, 400, JSON.stringify(json));
        const body = await jsonOf(res);
        assert.equal(body.code, "validation");
        assert.ok(Object.keys(body.fields).length > 0);
      }
      const [row] = await ctx
        .sql`select count(*)::int as n from winner_draws where segment_id = ${radioSegment.id}`;
      assert.equal(row.n, 0);
    });

    await t.step("no session, or a listener's: 401", async () => {
      const anonymous = await ctx.request("/api/v1/interaction/draw_winners", {
        method: "POST",
        json: { segment_id: radioSegment.id, count: 1 },
      });
      assert.equal(anonymous.status, 401);
      const listener = await randomAppUser(ctx);
      assert.equal((await draw({ segment_id: radioSegment.id, count: 1 }, listener.token)).status, 401);
    });

    await t.step(
      "two draws at once leaving out previous winners never pick the same author twice",
      async () => {
        const [a, b] = await Promise.all([
          draw({ segment_id: radioSegment.id, count: 3 }),
          draw({ segment_id: radioSegment.id, count: 3 }),
        ]);
        const ids = [...(await jsonOf(a)).ids, ...(await jsonOf(b)).ids];
        assert.equal(ids.length, 6);
        assert.equal(new Set(ids).size, 6);
      },
    );
  } finally {
    await ctx.close();
  }
});
