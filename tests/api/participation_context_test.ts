// A vote is checked against the interaction as it is now: the server keeps an interaction's
// participation context between votes (lib/participations/service.ts), and every change made since,
// by staff through the API or by anyone writing the rows, applies to the very next vote.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { randomSegment, testDevice } from "./_participation.ts";

Deno.test({
  name: "participation context - staff changes apply to the next vote",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
    try {
      const { radio, token } = await demoStaff(ctx);
      const manager = await token("manager");
      let n = 0;
      const vote = (segment: number, choice: number) =>
        ctx.request("/api/v1/interactions", {
          method: "POST",
          json: {
            channel_id: radio,
            segment,
            device_id: testDevice(`context-${segment}-${n++}`),
            content: { choice_ids: [choice] },
          },
        });
      const edit = (segment: number, json: Record<string, unknown>) =>
        ctx.request(`/api/v1/show_segments/${segment}`, { method: "PUT", token: manager, json });
      const counted = async (segment: number) =>
        Object.fromEntries(
          (await ctx.sql<{ choice_id: number; n: number }[]>`
            select choice_id::int as choice_id, sum(count)::int as n from vote_counts
            where segment_id = ${segment} group by choice_id`).map((r) => [r.choice_id, r.n]),
        );

      await t.step("a vote closed now by staff refuses the next vote (410)", async () => {
        const seg = await randomSegment(ctx.sql, radio, { limit_1_vote: true }, ["Yes", "No"]);
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 200);
        const close = await ctx.request(`/api/v1/show_segments/${seg.id}/overlay`, {
          method: "PUT",
          token: manager,
          json: { close: true },
        });
        assert.equal(close.status, 200);
        const late = await vote(seg.id, seg.choiceIds[0]);
        assert.equal(late.status, 410);
        assert.equal((await jsonOf(late)).code, "segment_unavailable");
        assert.deepEqual(await counted(seg.id), { [seg.choiceIds[0]]: 1 });
      });

      await t.step("a choice removed by staff is refused with 400, a new one is counted", async () => {
        const seg = await randomSegment(ctx.sql, radio, { limit_1_vote: true }, ["Yes", "No"]);
        assert.equal((await vote(seg.id, seg.choiceIds[1])).status, 200);
        const saved = await edit(seg.id, {
          choices: [{ id: seg.choiceIds[0], label: "Yes" }, { label: "Maybe" }],
        });
        assert.equal(saved.status, 200);
        const removed = await vote(seg.id, seg.choiceIds[1]);
        assert.equal(removed.status, 400);
        assert.equal((await jsonOf(removed)).code, "choice_unknown");
        const [maybe] = await ctx.sql<{ id: number }[]>`
          select id::int as id from segment_choices where segment_id = ${seg.id} and label = 'Maybe'`;
        assert.equal((await vote(seg.id, maybe.id)).status, 200);
        // the removed choice took its votes with it (segment_choices cascade to vote_counts)
        assert.deepEqual(await counted(seg.id), { [maybe.id]: 1 });
      });

      await t.step("a vote archived by a direct write is refused at once", async () => {
        const seg = await randomSegment(ctx.sql, radio, { limit_1_vote: true }, ["Yes", "No"]);
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 200);
        await ctx.sql`update segments set status = 'archived' where id = ${seg.id}`;
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 410);
      });

      await t.step("a vote reopened by staff accepts votes again at once", async () => {
        const seg = await randomSegment(ctx.sql, radio, {
          limit_1_vote: true,
          to_mode: "scheduled",
          end_date: new Date(Date.now() - 60_000),
        }, ["Yes", "No"]);
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 410);
        assert.equal((await edit(seg.id, { to: "permanent", end_date: null })).status, 200);
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 200);
      });

      await t.step("a vote made high-stakes by staff asks the next voter for a proof of work", async () => {
        const seg = await randomSegment(ctx.sql, radio, { limit_1_vote: true }, ["Yes", "No"]);
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 200);
        assert.equal((await edit(seg.id, { high_stakes: true })).status, 200);
        const unproven = await vote(seg.id, seg.choiceIds[0]);
        assert.equal(unproven.status, 400);
        assert.equal((await jsonOf(unproven)).code, "proof_required");
      });

      await t.step("a per-address cap lowered by staff marks the next vote suspicious", async () => {
        const seg = await randomSegment(ctx.sql, radio, { limit_1_vote: true }, ["Yes", "No"]);
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 200);
        assert.equal((await edit(seg.id, { vote_cap_per_address: 1 })).status, 200);
        assert.equal((await vote(seg.id, seg.choiceIds[0])).status, 200);
        const rows = await ctx.sql<{ vote_integrity: string }[]>`
          select vote_integrity from messages where segment_id = ${seg.id} order by id`;
        assert.deepEqual(rows.map((r) => r.vote_integrity), ["counted", "suspicious"]);
        assert.deepEqual(await counted(seg.id), { [seg.choiceIds[0]]: 1 });
      });
    } finally {
      await ctx.close();
    }
  },
});
