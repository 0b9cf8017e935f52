// The audit log: each audited action appears once with the right actor and the address the trusted proxy
// resolution gives; an administrator reads only their channel's log, an operator none; the log cannot be
// changed, except by the retention purge.
import assert from "node:assert/strict";
import { demoStaff, type TestApp, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { forgetOldAudit, recordAudit } from "../../lib/audit/service.ts";
import { AUDIT_RETENTION_MONTHS } from "../../lib/rules/audit.ts";

const PASSWORD = "Demo-Password-1!";

function call(ctx: TestApp, path: string, init: { method?: string; json?: unknown; token?: string } = {}) {
  return ctx.request(path, { ...init, headers: { "x-forwarded-for": "192.0.2.44" } });
}

async function log(ctx: TestApp, token: string, query = "") {
  const res = await call(ctx, `/api/v1/audit${query}`, { token });
  assert.equal(res.status, 200);
  return await jsonOf(res) as { action: string; actor_login: string; address: string; object_id: string }[];
}

Deno.test("audit log - each staff action is recorded once, with its actor, address and object", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const staff = await demoStaff(ctx);
    const manager = await staff.token("manager");
    await (await call(ctx, "/api/v1/auth", {
      method: "POST",
      json: { email: "operator@example.com", password: "no" },
    }))
      .body?.cancel();
    await (await call(ctx, "/api/v1/auth", {
      method: "POST",
      json: { email: "operator@example.com", password: PASSWORD },
    }))
      .body?.cancel();
    await (await call(ctx, `/api/v1/user/${staff.ids.operator}`, {
      method: "PUT",
      token: manager,
      json: { first_name: "Karima", role: "administrator" },
    })).body?.cancel();
    await (await call(ctx, `/api/v1/channels/${staff.radio}`, {
      method: "PUT",
      token: manager,
      json: { label: "Radio Demo" },
    })).body?.cancel();
    await (await call(ctx, "/api/v1/two-factor/policy", {
      method: "PUT",
      token: manager,
      json: { scope: "channel", policy: "everyone" },
    })).body?.cancel();

    const entries = await log(ctx, manager);
    const summary = entries.map((e) => `${e.action} ${e.actor_login} ${e.object_id ?? ""}`.trim()).reverse();
    assert.deepEqual(summary, [
      "sign_in_failed operator",
      "sign_in operator",
      `user_changed manager ${staff.ids.operator}`,
      `channel_settings_changed manager ${staff.radio}`,
      "two_factor_policy_changed manager",
    ]);
    assert.ok(entries.every((e) => e.address === "192.0.2.44"), "the address X-Forwarded-For resolves to");
    const [changed] = await ctx.sql`select details from audit_log where action = 'user_changed'`;
    assert.deepEqual(changed.details, { fields: ["first_name", "role"], role: "administrator" });
    assert.ok(!JSON.stringify(changed.details).includes("Karima"), "the names of fields, never their values");

    const filtered = await log(ctx, manager, `?action=sign_in&actor=${staff.ids.operator}`);
    assert.deepEqual(filtered.map((e) => e.action), ["sign_in"]);
    const future = await log(ctx, manager, "?from=2999-01-01");
    assert.equal(future.length, 0);

    const csv = await call(ctx, "/api/v1/audit/export?action=sign_in", { token: manager });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
    const text = await csv.text();
    assert.equal(text.split("\n").filter(Boolean).length, 2, "a header and one sign-in");
    assert.match(text, /operator/);
  } finally {
    await ctx.close();
  }
});

Deno.test("audit log - an operator reads no log, an administrator only their channel's", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const staff = await demoStaff(ctx);
    await recordAudit(ctx.sql, {
      actor: { id: 999, login: "tv-admin", channel_id: staff.tv },
      address: "198.51.100.1",
      action: "channel_settings_changed",
      object: ["channel", staff.tv],
    });
    await recordAudit(ctx.sql, {
      actor: { id: staff.ids.manager, login: "manager", channel_id: staff.radio },
      address: "198.51.100.2",
      action: "user_created",
      object: ["user", 1],
    });
    const operator = await call(ctx, "/api/v1/audit", { token: await staff.token("operator") });
    assert.equal(operator.status, 403);
    await operator.body?.cancel();
    const page = await call(ctx, "/audit", { token: await staff.token("operator") });
    assert.equal(page.status, 403);
    await page.body?.cancel();

    const radio = await log(ctx, await staff.token("manager"));
    assert.deepEqual(radio.map((e) => e.actor_login), ["manager"], "nothing of the other channel");
    const platform = await log(ctx, await staff.token("admin"));
    assert.deepEqual(platform.map((e) => e.actor_login).sort(), ["manager", "tv-admin"]);
  } finally {
    await ctx.close();
  }
});

Deno.test("audit log - entries cannot be changed or deleted; the retention purge alone removes old ones", async () => {
  const ctx = await testApp();
  try {
    await recordAudit(ctx.sql, { actor: null, address: null, action: "sign_in_failed" });
    await assert.rejects(ctx.sql`update audit_log set actor_login = 'someone else'`, /append-only/);
    await assert.rejects(ctx.sql`delete from audit_log`, /append-only/);
    await assert.rejects(ctx.sql`truncate audit_log`, /append-only/);
    await assert.rejects(
      ctx.sql.begin((tx) =>
        tx`select set_config('im.audit_purge', 'off', true)`.then(() => tx`delete from audit_log`)
      ),
      /append-only/,
    );
    assert.equal((await ctx.sql`select 1 from audit_log`).length, 1);

    const later = new Date();
    later.setUTCMonth(later.getUTCMonth() + AUDIT_RETENTION_MONTHS - 1);
    assert.equal(await forgetOldAudit(ctx.sql, later), 0, "kept within the retention");
    later.setUTCMonth(later.getUTCMonth() + 2);
    assert.equal(await forgetOldAudit(ctx.sql, later), 1, "purged past it");
  } finally {
    await ctx.close();
  }
});

Deno.test("audit log - times read on the channel's clock, day first in every language, the zone named", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const staff = await demoStaff(ctx);
    await ctx.sql`update channels set time_zone = 'Europe/Paris' where id = ${staff.radio}`;
    for (const at of ["2026-01-14T12:05:09Z", "2026-07-14T12:05:09Z"]) {
      await ctx.sql`insert into audit_log (at, channel_id, actor_id, actor_login, action, details)
        values (${at}, ${staff.radio}, ${staff.ids.manager}, 'manager', 'sign_in', '{}')`;
    }
    const manager = await staff.token("manager");

    await t.step("the API: the instant in UTC, and the time as staff read it", async () => {
      const entries = await jsonOf(await call(ctx, "/api/v1/audit?lang=fr", { token: manager })) as {
        at: string;
        at_local: string;
      }[];
      assert.deepEqual(entries.map((e) => [e.at, e.at_local]), [
        ["2026-07-14T12:05:09.000Z", "14/07/2026 14:05:09 (Europe/Paris)"],
        ["2026-01-14T12:05:09.000Z", "14/01/2026 13:05:09 (Europe/Paris)"],
      ]);
    });

    await t.step("the page: the same, in English (day first, as every date the app shows)", async () => {
      const res = await call(ctx, "/audit?lang=en", { token: manager });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/html/);
      const html = await res.text();
      assert.match(
        html,
        /<time datetime="2026-07-14T12:05:09.000Z">14\/07\/2026 14:05:09 \(Europe\/Paris\)<\/time>/,
      );
      assert.match(
        html,
        /<time datetime="2026-01-14T12:05:09.000Z">14\/01\/2026 13:05:09 \(Europe\/Paris\)<\/time>/,
      );
    });

    await t.step("a day of the filter is the channel's day", async () => {
      // 14 July 23:30 UTC is 15 July in Paris
      await ctx.sql`insert into audit_log (at, channel_id, actor_id, actor_login, action, details)
        values ('2026-07-14T23:30:00Z', ${staff.radio}, ${staff.ids.manager}, 'manager', 'sign_in_failed', '{}')`;
      const day = await jsonOf(
        await call(ctx, "/api/v1/audit?from=2026-07-15&to=2026-07-15", { token: manager }),
      );
      assert.deepEqual((day as { action: string }[]).map((e) => e.action), ["sign_in_failed"]);
    });

    await t.step("a super administrator without a channel reads UTC, said as such", async () => {
      const entries = await jsonOf(
        await call(ctx, "/api/v1/audit?lang=en&action=sign_in", { token: await staff.token("admin") }),
      ) as { at_local: string }[];
      assert.deepEqual(entries.map((e) => e.at_local), [
        "14/07/2026 12:05:09 (UTC)",
        "14/01/2026 12:05:09 (UTC)",
      ]);
    });
  } finally {
    await ctx.close();
  }
});
