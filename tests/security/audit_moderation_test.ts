// Moderation rejections (which put messages in the trash) are in the audit log, one entry per message; a
// super administrator's action on a message is logged under that message's channel, where its
// administrators read it.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { randomMessage, randomSegment } from "../api/_participation.ts";

const PASSWORD = "Demo-Password-1!";

Deno.test("audit log - a rejection in moderation is logged per message, under the message's channel", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const staff = await demoStaff(ctx);
    const operator = await staff.token("operator");
    const manager = await staff.token("manager");
    const admin = await staff.token("admin");
    const radio = await randomSegment(ctx.sql, staff.radio, { type: "message" });
    const tv = await randomSegment(ctx.sql, staff.tv, { type: "message" });
    const pending = { moderation: "pending" };
    const [kept, rejected1, rejected2] = [
      await randomMessage(ctx.sql, { id: radio.id, channelId: staff.radio }, pending),
      await randomMessage(ctx.sql, { id: radio.id, channelId: staff.radio }, pending),
      await randomMessage(ctx.sql, { id: radio.id, channelId: staff.radio }, pending),
    ];
    const tvMessages = [
      await randomMessage(ctx.sql, { id: tv.id, channelId: staff.tv }, pending),
      await randomMessage(ctx.sql, { id: tv.id, channelId: staff.tv }),
    ];
    const entries = async () =>
      (await ctx.sql<{ action: string; actor_login: string; channel_id: number; object_id: string }[]>`
        select action, actor_login, channel_id::int as channel_id, object_id from audit_log order by id`)
        .map((r) => ({ ...r }));

    const approve = await ctx.request("/api/v1/moderation", {
      method: "POST",
      token: operator,
      json: { ids: [kept.id], decision: "approve" },
    });
    assert.equal(approve.status, 200);
    await approve.body?.cancel();
    assert.deepEqual(await entries(), [], "an approval is the daily sorting, not logged");

    const reject = await ctx.request("/api/v1/moderation", {
      method: "POST",
      token: operator,
      json: { ids: [rejected1.id, rejected2.id], decision: "reject" },
    });
    assert.equal(reject.status, 200);
    assert.deepEqual((await jsonOf(reject)).ids.sort(), [rejected1.id, rejected2.id].sort());
    const [status] = await ctx.sql`select status from messages where id = ${rejected1.id}`;
    assert.equal(status.status, "trash");
    assert.deepEqual(await entries(), [
      {
        action: "message_rejected",
        actor_login: "operator",
        channel_id: staff.radio,
        object_id: String(rejected1.id),
      },
      {
        action: "message_rejected",
        actor_login: "operator",
        channel_id: staff.radio,
        object_id: String(rejected2.id),
      },
    ]);

    const again = await ctx.request("/api/v1/moderation", {
      method: "POST",
      token: operator,
      json: { ids: [rejected1.id], decision: "reject" },
    });
    assert.equal(again.status, 200);
    await again.body?.cancel();
    assert.equal((await entries()).length, 2, "a message already moderated is not logged twice");

    const byAdmin = await ctx.request("/api/v1/moderation", {
      method: "POST",
      token: admin,
      json: { ids: [tvMessages[0].id], decision: "reject" },
    });
    assert.equal(byAdmin.status, 200);
    await byAdmin.body?.cancel();
    const trashed = await ctx.request(`/api/v1/interaction/${tvMessages[1].id}/action`, {
      method: "POST",
      token: admin,
      json: { key: "trash" },
    });
    assert.equal(trashed.status, 200);
    await trashed.body?.cancel();
    assert.deepEqual((await entries()).slice(2), [
      {
        action: "message_rejected",
        actor_login: "admin",
        channel_id: staff.tv,
        object_id: String(tvMessages[0].id),
      },
      {
        action: "message_trashed",
        actor_login: "admin",
        channel_id: staff.tv,
        object_id: String(tvMessages[1].id),
      },
    ], "the super administrator's actions are the television's, not the platform's");

    const log = await ctx.request("/api/v1/audit", { token: manager });
    assert.equal(log.status, 200);
    const seen = (await jsonOf(log)) as { object_id: string }[];
    assert.deepEqual(
      seen.map((e) => e.object_id).sort(),
      [String(rejected1.id), String(rejected2.id)].sort(),
      "the radio's administrator reads the radio's rejections only",
    );
  } finally {
    await ctx.close();
  }
});
