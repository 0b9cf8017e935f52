// "Trash all" and "restore all" are in the audit log of the channel whose messages they changed, not the
// actor's: a super administrator's bulk action over several channels makes one entry in each, with that
// channel's count, so each channel's administrators read what was done to their messages.
import assert from "node:assert/strict";
import { demoStaff, type TestApp, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { randomMessage, randomSegment } from "../api/_participation.ts";

/** The messages changed between two readings, counted per channel. */
async function statuses(ctx: TestApp) {
  return new Map(
    (await ctx.sql<{ id: number; channel_id: number; status: string }[]>`
      select id, channel_id::int as channel_id, status from messages`).map((m) => [m.id, m]),
  );
}
function changedPerChannel(before: Awaited<ReturnType<typeof statuses>>, after: typeof before) {
  const counts = new Map<number, number>();
  for (const [id, m] of after) {
    if (before.get(id)?.status !== m.status) counts.set(m.channel_id, (counts.get(m.channel_id) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a - b).map(([channel_id, count]) => ({ channel_id, count }));
}

Deno.test("audit log - trash all and restore all are logged under each changed message's own channel", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const staff = await demoStaff(ctx);
    const admin = await staff.token("admin");
    const [actor] = await ctx.sql<{ channel_id: number | null }[]>`
      select channel_id::int as channel_id from users where login = 'admin'`;
    const tv = await randomSegment(ctx.sql, staff.tv, { type: "message" });
    const radio = await randomSegment(ctx.sql, staff.radio, { type: "message" });
    for (const segment of [tv, tv, radio]) {
      await randomMessage(ctx.sql, {
        id: segment.id,
        channelId: segment.id === tv.id ? staff.tv : staff.radio,
      });
    }
    // the log cannot be emptied (append-only): each step reads the entries after its mark
    let mark = 0;
    const entries = async (action: string) =>
      (await ctx.sql<{ channel_id: number; actor_login: string; details: { count: number } }[]>`
        select channel_id::int as channel_id, actor_login, details from audit_log where action = ${action}
          and id > ${mark}
        order by channel_id`).map((r) => ({
        channel_id: r.channel_id,
        actor: r.actor_login,
        count: r.details.count,
      }));
    const bulk = async (query: string) => {
      const res = await ctx.request(`/api/v1/channel-interactions-actions?${query}`, {
        method: "POST",
        token: admin,
      });
      assert.equal(res.status, 200);
      return (await jsonOf(res)).count as number;
    };

    await t.step(
      "a super administrator's trash all on another channel's interaction lands in that channel",
      async () => {
        assert.notEqual(actor.channel_id, staff.tv, "the actor is not of the interaction's channel");
        const count = await bulk(`action=trash_all_messages&segment_id=${tv.id}`);
        assert.equal(count, 2);
        assert.deepEqual(await entries("messages_trashed"), [{
          channel_id: staff.tv,
          actor: "admin",
          count: 2,
        }]);
      },
    );

    await t.step("trash all over every channel: one entry in each channel, with its own count", async () => {
      [{ mark }] = await ctx.sql<{ mark: number }[]>`select coalesce(max(id), 0)::int as mark from audit_log`;
      const before = await statuses(ctx);
      const count = await bulk("action=trash_all_messages");
      const expected = changedPerChannel(before, await statuses(ctx));
      assert.ok(expected.length >= 2, "messages of both channels were changed");
      assert.equal(count, expected.reduce((sum, c) => sum + c.count, 0));
      assert.deepEqual(await entries("messages_trashed"), expected.map((c) => ({ ...c, actor: "admin" })));
    });

    await t.step("restore all from the trash, the same way", async () => {
      const before = await statuses(ctx);
      await bulk("action=restore_all_messages&filter=trash");
      const expected = changedPerChannel(before, await statuses(ctx));
      assert.ok(expected.length >= 2);
      assert.deepEqual(await entries("messages_restored"), expected.map((c) => ({ ...c, actor: "admin" })));
    });

    await t.step("a bulk action that changes nothing is not logged", async () => {
      await bulk(`action=restore_all_messages&filter=trash&segment_id=${tv.id}`);
      assert.equal((await entries("messages_restored")).filter((e) => e.channel_id === staff.tv).length, 1);
    });
  } finally {
    await ctx.close();
  }
});
