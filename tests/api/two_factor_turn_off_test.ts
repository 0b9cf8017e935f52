// Staff turn their own second factor off from their profile, confirmed by a current code of their app (or a
// recovery code), never while their channel requires one; the change is in the audit log with who.
import assert from "node:assert/strict";
import { demoStaff, type TestApp, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { codeAt, enrol, post as postFrom } from "./_two_factor.ts";

const PASSWORD = "Demo-Password-1!";

const post = (ctx: TestApp, path: string, json: unknown, token: string) =>
  postFrom(ctx, path, json, token, "203.0.113.9");

const status = async (ctx: TestApp, token: string) =>
  await jsonOf(await ctx.request("/api/v1/two-factor", { token }));

const turnOffs = async (ctx: TestApp) =>
  (await ctx.sql<{ actor_login: string; object_id: string }[]>`
    select actor_login, object_id from audit_log where action = 'two_factor_turned_off' order by id`)
    .map((r) => ({ ...r }));

Deno.test("two-factor turn-off - a current code turns one's own factor off, audited; a wrong or used code does not", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const staff = await demoStaff(ctx);
    const token = await staff.token("operator");
    const t0 = new Date();
    const { secret } = await enrol(ctx, token, t0);
    const later = new Date(t0.getTime() + 60_000);
    ctx.deps.now = () => later;

    const wrong = await post(ctx, "/api/v1/two-factor/turn-off", { code: "000000" }, token);
    assert.equal(wrong.status, 401);
    assert.equal((await jsonOf(wrong)).code, "invalid_code");
    const old = await post(ctx, "/api/v1/two-factor/turn-off", { code: codeAt(secret, t0) }, token);
    assert.equal(old.status, 401, "the enrolment's code, two steps ago, is no longer current");
    await old.body?.cancel();
    assert.equal((await status(ctx, token)).enrolled, true);
    assert.deepEqual(await turnOffs(ctx), []);

    const ok = await post(ctx, "/api/v1/two-factor/turn-off", { code: codeAt(secret, later) }, token);
    assert.equal(ok.status, 204);
    const after = await status(ctx, token);
    assert.equal(after.enrolled, false);
    assert.equal(after.recovery_codes_left, 0);
    assert.deepEqual(await turnOffs(ctx), [{
      actor_login: "operator",
      object_id: String(staff.ids.operator),
    }]);
    const [left] = await ctx.sql`select
      (select count(*) from staff_totp where user_id = ${staff.ids.operator})::int as totp,
      (select count(*) from staff_recovery_codes where user_id = ${staff.ids.operator})::int as codes`;
    assert.deepEqual({ ...left }, { totp: 0, codes: 0 });

    const none = await post(ctx, "/api/v1/two-factor/turn-off", { code: codeAt(secret, later) }, token);
    assert.equal(none.status, 404);
    assert.equal((await jsonOf(none)).code, "two_factor_none");
  } finally {
    await ctx.close();
  }
});

Deno.test("two-factor turn-off - a recovery code confirms it too; a channel requiring a factor refuses it", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const staff = await demoStaff(ctx);
    const token = await staff.token("operator");
    const { secret, recovery } = await enrol(ctx, token, new Date());
    const policy = await ctx.request("/api/v1/two-factor/policy", {
      method: "PUT",
      token: await staff.token("manager"),
      json: { scope: "channel", policy: "everyone" },
    });
    assert.equal(policy.status, 204);
    const later = new Date(Date.now() + 60_000);
    ctx.deps.now = () => later;
    const refused = await post(ctx, "/api/v1/two-factor/turn-off", { code: codeAt(secret, later) }, token);
    assert.equal(refused.status, 409);
    assert.equal((await jsonOf(refused)).code, "two_factor_required");
    assert.equal((await status(ctx, token)).enrolled, true);
    // the profile says why, in every language
    for (const lang of ["en", "fr", "pt", "es", "pl"]) {
      const texts = JSON.parse(await Deno.readTextFile(`locales/${lang}.json`));
      assert.ok(texts.errors.two_factor_required, lang);
      assert.ok(texts.users.two_factor.turn_off_intro, lang);
      assert.ok(texts.audit.actions.two_factor_turned_off, lang);
    }

    await ctx.request("/api/v1/two-factor/policy", {
      method: "PUT",
      token: await staff.token("manager"),
      json: { scope: "channel", policy: "none" },
    }).then((r) => r.body?.cancel());
    const byRecovery = await post(ctx, "/api/v1/two-factor/turn-off", { code: recovery[0] }, token);
    assert.equal(byRecovery.status, 204);
    assert.equal((await status(ctx, token)).enrolled, false);
    assert.equal((await turnOffs(ctx)).length, 1);
  } finally {
    await ctx.close();
  }
});
