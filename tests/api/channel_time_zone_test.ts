import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { rollChannelStatistics, rollupState } from "../../db/statistics.ts";

Deno.test("channel time zone - set in the settings, validated, and the statistics rolled again in it", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, tv, token } = await demoStaff(ctx);
    const admin = await token("admin"), operator = await token("operator");
    const put = (id: number, as: string, time_zone: unknown) =>
      ctx.request(`/api/v1/channels/${id}`, { token: as, method: "PUT", json: { time_zone } });

    const before = await jsonOf(await ctx.request(`/api/v1/channels/${radio}`, { token: admin }));
    assert.equal(before.time_zone, "Europe/Paris");
    await rollChannelStatistics(ctx.sql, radio, new Date());
    assert.equal((await rollupState(ctx.sql, radio))?.time_zone, "Europe/Paris");

    for (const bad of ["Mars/Olympus", "", "Europe/Paris; drop table channels", 3, null]) {
      const res = await put(radio, admin, bad);
      assert.equal(res.status, 400, JSON.stringify(bad));
      const body = await jsonOf(res);
      assert.equal(body.code, "validation");
      assert.ok("time_zone" in body.fields);
    }

    const res = await put(radio, admin, "America/New_York");
    assert.equal(res.status, 200);
    assert.equal((await jsonOf(res)).time_zone, "America/New_York");
    // the dashboard counts in it at once, and the next roll makes the rollups again in it
    const stats = await jsonOf(
      await ctx.request(`/api/v1/statistics/dashboard?range=7d&channel=${radio}`, { token: admin }),
    );
    assert.equal(stats.period.time_zone, "America/New_York");
    assert.ok(await rollChannelStatistics(ctx.sql, radio, new Date()) >= 0);
    assert.equal((await rollupState(ctx.sql, radio))?.time_zone, "America/New_York");

    // staff without channel-settings, or of another channel, may not change it
    assert.equal((await put(radio, operator, "UTC")).status, 403);
    const [{ time_zone: tvZone }] = await ctx.sql`select time_zone from channels where id = ${tv}`;
    const manager = await token("manager");
    assert.ok([403, 404].includes((await put(tv, manager, "UTC")).status));
    const [{ time_zone: after }] = await ctx.sql`select time_zone from channels where id = ${tv}`;
    assert.equal(after, tvZone);
  } finally {
    await ctx.close();
  }
});
