// Attacks on the playout queue: another channel's message or interaction, no session, a
// listener, a reorder smuggling another interaction's message; each must fail and change nothing.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { randomAppUser, randomChannel, randomMessage, randomSegment } from "../api/_participation.ts";

Deno.test("security: playout - other channels, strangers and smuggled ids are refused", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const operator = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
    const [seg] = await ctx.sql<{ id: number }[]>`
      select s.id::int as id from segments s join messages m on m.segment_id = s.id
      where s.type = 'recording_question' group by s.id order by count(*) desc limit 1`;
    const [mine] = await ctx.sql<{ id: number }[]>`
      select id::int as id from messages where segment_id = ${seg.id} order by id limit 1`;
    const otherChannel = await randomChannel(ctx.sql);
    const otherSegment = await randomSegment(ctx.sql, otherChannel, { type: "recording_question" });
    const other = await randomMessage(ctx.sql, { id: otherSegment.id, channelId: otherChannel });
    const queue = async () =>
      (await ctx.sql`select message_id::int as id from playout_queue order by 1`).map((r) => r.id);
    const mark = (id: number, token?: string) =>
      ctx.request(`/api/v1/interaction/${id}/playout?lang=en`, {
        method: "PUT",
        token,
        json: { queued: true },
      });

    await t.step("another channel's message or interaction is a 404", async () => {
      const res = await mark(other.id, operator);
      assert.equal(res.status, 404);
      await res.body?.cancel();
      for (const [method, path] of [["GET", ""], ["PUT", ""], ["POST", "/deliver"]]) {
        const r = await ctx.request(`/api/v1/show_segments/${otherSegment.id}/playout${path}`, {
          method,
          token: operator,
          json: method === "PUT" ? { ids: [] } : undefined,
        });
        assert.equal(r.status, 404, `${method} ${path}`);
        await r.body?.cancel();
      }
      assert.deepEqual(await queue(), []);
    });

    await t.step("no session is 401; a listener is refused", async () => {
      const none = await mark(mine.id);
      assert.equal(none.status, 401);
      await none.body?.cancel();
      const listener = await randomAppUser(ctx);
      const res = await mark(mine.id, listener.token);
      assert.ok(res.status === 401 || res.status === 403, String(res.status));
      await res.body?.cancel();
      assert.deepEqual(await queue(), []);
    });

    await t.step("a reorder cannot pull another interaction's message into this queue", async () => {
      assert.equal((await mark(mine.id, operator)).status, 200);
      await ctx
        .sql`insert into playout_queue (message_id, segment_id, position) values (${other.id}, ${otherSegment.id}, 1)`;
      const res = await ctx.request(`/api/v1/show_segments/${seg.id}/playout?lang=en`, {
        method: "PUT",
        token: operator,
        json: { ids: [other.id, mine.id] },
      });
      assert.equal(res.status, 422);
      await res.body?.cancel();
      const rows = await ctx
        .sql`select message_id::int as id, segment_id::int as seg, position from playout_queue
        order by 1`;
      assert.deepEqual(
        rows.map((r) => [r.id, r.seg, r.position]).sort(),
        [
          [mine.id, seg.id, 1],
          [other.id, otherSegment.id, 1],
        ].sort(),
      );
    });
  } finally {
    await ctx.close();
  }
});
