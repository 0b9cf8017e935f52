// Roles from the provider's groups, against a real provider (oidc-provider) on 127.0.0.1: at each sign-in a
// channel's staff member gets the role its groups give, loses the channel when it leaves them, and never
// becomes a super administrator; each change is in the audit log once, with who.
import assert from "node:assert/strict";
import { jsonOf } from "../_fixtures.ts";
import {
  auditSince,
  cookieOf,
  lastAuditId,
  providerSettings,
  putProvider,
  signInThrough,
  ssoApp,
} from "../_sso_flow.ts";

Deno.test("single sign-on groups - the role follows the provider's groups at each sign-in", async (t) => {
  const { ctx, staff, provider, close } = await ssoApp();
  try {
    const manager = await staff.token("manager");
    const settings = {
      ...providerSettings(provider),
      role_claim: "",
      administrator_groups: "IM Admins",
      operator_groups: "IM Studio\nIM Newsroom, IM Studio",
    };
    const put = (json: Record<string, unknown>) => putProvider(ctx, staff.radio, manager, json);
    const roleOf = async (login: string) =>
      (await ctx.sql<{ role: string }[]>`select role from users where login = ${login}`)[0]?.role;
    const operator = (groups?: string[]) => ({ email: "operator@example.com", email_verified: true, groups });

    await t.step("a claim name with a space and too many groups are refused, field by field", async () => {
      const res = await put({
        ...settings,
        role_claim: "my groups",
        operator_groups: Array.from({ length: 51 }, (_, i) => `group ${i}`).join("\n"),
        administrator_groups: "x".repeat(257),
      });
      assert.equal(res.status, 400);
      assert.deepEqual((await jsonOf(res)).fields, {
        role_claim: ["sso_claim_invalid"],
        administrator_groups: ["sso_groups_invalid"],
        operator_groups: ["sso_groups_invalid"],
      });
    });

    await t.step("the mapping is saved (default claim, groups once each) and audited", async () => {
      const res = await put(settings);
      assert.equal(res.status, 204);
      const read = await jsonOf(await ctx.request(`/api/v1/channels/${staff.radio}/sso`, { token: manager }));
      assert.equal(read.settings.role_claim, "groups");
      assert.deepEqual(read.settings.administrator_groups, ["IM Admins"]);
      assert.deepEqual(read.settings.operator_groups, ["IM Studio", "IM Newsroom"]);
      const [entry] = (await auditSince(ctx, 0)).filter((e) => e.action === "sso_settings_changed");
      for (const field of ["administrator_groups", "operator_groups"]) {
        assert.ok((entry.details.fields as string[]).includes(field), field);
      }
    });

    await t.step("an operator in the administrators' group becomes administrator, audited once", async () => {
      const before = await lastAuditId(ctx);
      const res = await signInThrough(ctx, provider, staff.radio, operator(["IM Admins", "Unrelated"]));
      assert.ok(cookieOf(res, "im_session"), "signed in");
      assert.equal(await roleOf("operator"), "administrator");
      const entries = await auditSince(ctx, before);
      assert.deepEqual(
        entries.map((e) => ({
          action: e.action,
          actor: e.actor_login,
          channel: e.channel_id,
          details: e.details,
        })),
        [
          {
            action: "user_changed",
            actor: "operator",
            channel: staff.radio,
            details: {
              fields: ["role"],
              role: "administrator",
              previous_role: "operator",
              method: "sso_groups",
            },
          },
          { action: "sign_in", actor: "operator", channel: staff.radio, details: { method: "sso" } },
        ],
      );
    });

    await t.step(
      "signing in again with the same groups changes nothing and logs no role change",
      async () => {
        const before = await lastAuditId(ctx);
        const res = await signInThrough(ctx, provider, staff.radio, operator(["IM Admins"]));
        assert.ok(cookieOf(res, "im_session"));
        assert.deepEqual((await auditSince(ctx, before)).map((e) => e.action), ["sign_in"]);
      },
    );

    let session = "";
    await t.step("moved to the studio's group, the next sign-in makes them an operator again", async () => {
      const before = await lastAuditId(ctx);
      const res = await signInThrough(ctx, provider, staff.radio, operator(["IM Studio"]));
      session = cookieOf(res, "im_session")!;
      assert.ok(session);
      assert.equal(await roleOf("operator"), "operator");
      const [changed] = await auditSince(ctx, before);
      assert.deepEqual(changed.details, {
        fields: ["role"],
        role: "operator",
        previous_role: "administrator",
        method: "sso_groups",
      });
    });

    await t.step("removed from the groups: refused at the next sign-in, and open sessions end", async () => {
      const live = await ctx.request("/api/v1/users/current", { headers: { cookie: session } });
      assert.equal(live.status, 200);
      await live.body?.cancel();
      const before = await lastAuditId(ctx);
      for (const groups of [undefined, [], ["Unrelated"]]) {
        const res = await signInThrough(ctx, provider, staff.radio, operator(groups));
        assert.equal(res.headers.get("location"), "/login?sso_error=sso_no_role");
        assert.equal(cookieOf(res, "im_session"), undefined);
      }
      const entries = await auditSince(ctx, before);
      assert.equal(entries.length, 3);
      for (const e of entries) {
        assert.deepEqual(
          { action: e.action, actor: e.actor_login, channel: e.channel_id, details: e.details },
          {
            action: "sign_in_failed",
            actor: "operator",
            channel: staff.radio,
            details: { method: "sso", reason: "sso_no_role" },
          },
        );
      }
      const ended = await ctx.request("/api/v1/users/current", { headers: { cookie: session } });
      assert.equal(ended.status, 401, "the session opened before is over");
      await ended.body?.cancel();
      assert.equal(await roleOf("operator"), "operator", "the role stored is left as it was");
      const page = await ctx.request("/login?sso_error=sso_no_role");
      assert.match(await page.text(), /ne vous place dans aucun groupe/);
    });

    await t.step("the super administrator in the administrators' group is still refused", async () => {
      const res = await signInThrough(ctx, provider, staff.radio, {
        email: "admin@example.com",
        email_verified: true,
        groups: ["IM Admins"],
      });
      assert.equal(res.headers.get("location"), "/login?sso_error=sso_other_channel");
      assert.equal(await roleOf("admin"), "super_administrator");
    });

    await t.step("a created account takes its groups' role; without a group none is created", async () => {
      assert.equal((await put({ ...settings, client_secret: "", create_accounts: true })).status, 204);
      const res = await signInThrough(ctx, provider, staff.radio, {
        email: "chief@example.com",
        email_verified: true,
        groups: ["IM Admins"],
      });
      assert.ok(cookieOf(res, "im_session"));
      assert.equal(await roleOf("chief"), "administrator");
      const refused = await signInThrough(ctx, provider, staff.radio, {
        email: "stranger@example.com",
        email_verified: true,
      });
      assert.equal(refused.headers.get("location"), "/login?sso_error=sso_no_role");
      assert.equal((await ctx.sql`select 1 from users where email = 'stranger@example.com'`).length, 0);
    });

    await t.step("another claim name is read instead of groups", async () => {
      assert.equal((await put({ ...settings, client_secret: "", role_claim: "roles" })).status, 204);
      const res = await signInThrough(ctx, provider, staff.radio, operator(["IM Admins"]));
      assert.equal(res.headers.get("location"), "/login?sso_error=sso_no_role", "groups is not roles");
    });

    await t.step("with no group listed the mapping is off: roles stay as set here", async () => {
      const off = { ...settings, client_secret: "", administrator_groups: "", operator_groups: "" };
      assert.equal((await put(off)).status, 204);
      await ctx.sql`update users set role = 'administrator' where login = 'operator'`;
      const res = await signInThrough(ctx, provider, staff.radio, operator());
      assert.ok(cookieOf(res, "im_session"));
      assert.equal(await roleOf("operator"), "administrator");
    });
  } finally {
    await close();
  }
});
