// A crowd opening the public live results at once (the presenter says "vote now") costs the database a few
// reads, not one per listener: their first reads are shared as their streams' reads are on each vote. Before,
// 1,000 streams opened together made 1,000 reads, which queued /healthz behind them.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { readSse } from "../_sse.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { randomSegment } from "../api/_participation.ts";

const ctx = await testApp();
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);
const CROWD = 60;

/** The app's database with each statement counted (a tagged template or `unsafe` call). */
function countedStatements(sql: typeof ctx.deps.sql) {
  const counter = { statements: 0 };
  const counted = new Proxy(sql, {
    apply(target, self, args) {
      counter.statements++;
      return Reflect.apply(target, self, args);
    },
  });
  return { counted, counter };
}

Deno.test({
  name: "live streams - a crowd opening the public results at once shares its first reads",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const real = ctx.deps.sql;
    try {
      const seg = await randomSegment(ctx.sql, staff.radio, { show_results: true }, ["Yes", "No"]);
      const path = `/api/v1/show_segments/${seg.id}/vote-results/live`;
      const { counted, counter } = countedStatements(real);
      ctx.deps.sql = counted;
      const answers = await Promise.all(
        Array.from({ length: CROWD }, (_, i) =>
          ctx.request(path, {
            headers: { accept: "text/event-stream", "x-forwarded-for": `198.51.100.${i + 1}` },
          })),
      );
      const streams = answers.map((res) => {
        assert.equal(res.status, 200);
        return readSse(res);
      });
      for (const sse of streams) {
        const first = await sse.next();
        assert.equal(first.event, "results");
        assert.deepEqual(JSON.parse(first.data).rows.map((r: { label: string }) => r.label), ["Yes", "No"]);
      }
      // one read of the interaction and its results for the crowd, a few more for those arriving later
      assert.ok(counter.statements < CROWD / 4, `${counter.statements} statements for ${CROWD} listeners`);
      await Promise.all(streams.map((s) => s.close()));

      // an unknown interaction is still a 404 for everyone of a crowd, before any stream opens
      const unknown = await Promise.all(
        Array.from({ length: 5 }, () =>
          ctx.request(`/api/v1/show_segments/999999999/vote-results/live`, {
            headers: { accept: "text/event-stream" },
          })),
      );
      for (const res of unknown) {
        assert.equal(res.status, 404);
        await res.body?.cancel();
      }
    } finally {
      ctx.deps.sql = real;
      await ctx.close();
    }
  },
});
