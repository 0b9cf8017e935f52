// Live events across instances: two app instances on one PostgreSQL server; a vote sent to A
// moves the bars of an overlay and of a public results stream connected to B (LISTEN/NOTIFY), and a
// staff control on A reaches B's overlay.
import assert from "node:assert/strict";
import { PG_BIN } from "../_postgres.ts";
import { startTwoInstances } from "./_instances.ts";
import { readSse } from "../_sse.ts";
import { testDevice } from "../api/_participation.ts";
import { newVote, SERVER_SECRET } from "./_votes.ts";
import { newOverlayToken } from "../../lib/rules/overlay.ts";

Deno.test({
  name: "two instances - a vote on one moves the bars of a screen connected to the other",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const { sql, a, b, close } = await startTwoInstances({ maxConnections: 100 });
    try {
      const [first, second] = [a, b];
      const v = await newVote(sql);
      await sql`update segments set show_results = true where id = ${v.segment}`;
      const token = newOverlayToken();
      await sql`insert into segment_overlays (segment_id, token) values (${v.segment}, ${token})`;
      const voteOnA = async () => {
        const res = await fetch(`${first.baseUrl}/api/v1/interactions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            channel_id: v.channel,
            segment: v.segment,
            device_id: testDevice(crypto.randomUUID(), SERVER_SECRET),
            content: { choice_ids: [v.choices[2]] },
          }),
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
      };

      await t.step(
        "the overlay and the public results stream on B move within a second of a vote on A",
        async () => {
          const overlay = readSse(
            await fetch(`${second.baseUrl}/overlay/${token}/events`, {
              headers: { accept: "text/event-stream" },
            }),
          );
          const results = readSse(
            await fetch(`${second.baseUrl}/api/v1/show_segments/${v.segment}/vote-results/live`, {
              headers: { accept: "text/event-stream" },
            }),
          );
          assert.equal((await overlay.next((e) => e.event === "state")).json.results.total, 0);
          assert.equal((await results.next()).json.total, 0);
          const sent = performance.now();
          await voteOnA();
          const moved = await overlay.next((e) => e.json?.results?.total === 1, 1000);
          const ms = performance.now() - sent;
          assert.equal(moved.json.results.rows[2].count, 1);
          assert.equal((await results.next((e) => e.json?.total === 1, 1000)).json.rows[2].count, 1);
          console.log(`vote on A -> overlay on B: ${ms.toFixed(0)} ms`);
          await overlay.close();
          await results.close();
        },
      );

      await t.step("a staff control on A (hiding the results) reaches B's overlay", async () => {
        const overlay = readSse(
          await fetch(`${second.baseUrl}/overlay/${token}/events`, {
            headers: { accept: "text/event-stream" },
          }),
        );
        await overlay.next((e) => e.event === "state");
        const login = await fetch(`${first.baseUrl}/api/v1/auth`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@example.com", password: "Bench-Password-1!" }),
        });
        assert.equal(login.status, 200);
        const { access_token } = await login.json();
        const res = await fetch(`${first.baseUrl}/api/v1/show_segments/${v.segment}/overlay`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Bearer ${access_token}` },
          body: JSON.stringify({ reveal: false }),
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
        await overlay.next((e) => e.json?.results?.hidden === true, 1000);
        await overlay.close();
      });
    } finally {
      await close();
    }
  },
});
