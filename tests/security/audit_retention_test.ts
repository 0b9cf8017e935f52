// Audit log retention per channel: its administrator chooses the months (1 to 120, 24 by default), the
// worker's purge forgets each channel's entries past its own retention, and the choice is itself logged.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { forgetOldAudit, recordAudit } from "../../lib/audit/service.ts";
import { AUDIT_RETENTION_MONTHS, AUDIT_RETENTION_RANGE } from "../../lib/rules/audit.ts";

const PASSWORD = "Demo-Password-1!";

const monthsLater = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
};

Deno.test("audit retention - each channel's entries are forgotten past its own retention", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const staff = await demoStaff(ctx);
    const manager = await staff.token("manager");
    const operator = await staff.token("operator");
    const url = `/api/v1/channels/${staff.radio}/audit-retention`;

    const initial = await ctx.request(url, { token: manager });
    assert.equal(initial.status, 200);
    assert.deepEqual(await jsonOf(initial), { months: AUDIT_RETENTION_MONTHS });

    for (const months of [AUDIT_RETENTION_RANGE.min - 1, AUDIT_RETENTION_RANGE.max + 1, 2.5]) {
      const res = await ctx.request(url, { method: "PUT", token: manager, json: { months } });
      assert.equal(res.status, 400, String(months));
      assert.deepEqual((await jsonOf(res)).fields, { months: ["audit_retention_range"] });
    }
    const denied = await ctx.request(url, { method: "PUT", token: operator, json: { months: 1 } });
    assert.equal(denied.status, 403, "an operator does not set it");
    await denied.body?.cancel();
    const otherChannel = await ctx.request(`/api/v1/channels/${staff.tv}/audit-retention`, {
      method: "PUT",
      token: manager,
      json: { months: 1 },
    });
    assert.equal(otherChannel.status, 403, "nor another channel's administrator");
    await otherChannel.body?.cancel();

    const saved = await ctx.request(url, { method: "PUT", token: manager, json: { months: 3 } });
    assert.equal(saved.status, 204);
    const [changed] = await ctx.sql`select action, channel_id::int as channel_id, details from audit_log
      order by id desc limit 1`;
    assert.deepEqual({ ...changed }, {
      action: "audit_retention_changed",
      channel_id: staff.radio,
      details: { count: 3 },
    });

    const actor = { id: staff.ids.admin, login: "admin", channel_id: null };
    await recordAudit(ctx.sql, { actor, address: null, action: "user_changed", channelId: staff.tv });
    await recordAudit(ctx.sql, { actor, address: null, action: "user_changed", channelId: null });
    const count = async () =>
      Object.fromEntries(
        (await ctx.sql<{ channel: string; n: number }[]>`
          select coalesce(channel_id::text, 'platform') as channel, count(*)::int as n from audit_log group by 1`)
          .map((r) => [r.channel, r.n]),
      );
    const before = await count();
    assert.ok(before[String(staff.radio)] >= 1);

    assert.equal(await forgetOldAudit(ctx.sql, monthsLater(2)), 0, "within every retention");
    assert.equal(await forgetOldAudit(ctx.sql, monthsLater(4)), before[String(staff.radio)]);
    const after = await count();
    assert.equal(after[String(staff.radio)], undefined, "the radio's three months are past");
    assert.equal(after[String(staff.tv)], 1, "the television keeps the default");
    assert.equal(after.platform, before.platform, "the platform's entries keep the default");

    await forgetOldAudit(ctx.sql, monthsLater(AUDIT_RETENTION_MONTHS + 1));
    assert.deepEqual(await count(), {}, "past the default, every entry goes");
  } finally {
    await ctx.close();
  }
});
