import assert from "node:assert/strict";
import {
  can,
  canAccessChannel,
  isSuperAdminMode,
  PERMISSIONS,
  ROLE_PERMISSIONS,
} from "../../lib/rules/permissions.ts";

Deno.test("permissions - roles hold what DESIGN.md says", () => {
  const operator = { role: "operator" as const };
  assert.ok(can(operator, "participations-reply") && can(operator, "moderation"));
  assert.ok(
    !can(operator, "users-manage") && !can(operator, "channel-settings") &&
      !can(operator, "create-interaction"),
  );
  const admin = { role: "administrator" as const };
  assert.ok(can(admin, "users-manage") && can(admin, "create-interaction"));
  assert.ok(!can(admin, "channels-create") && !can(admin, "channels-all"));
  assert.equal(ROLE_PERMISSIONS.super_administrator.size, PERMISSIONS.length);
  assert.ok(!can(null, "interaction-visual"));
});

Deno.test("permissions - channel access and super admin mode", () => {
  assert.ok(canAccessChannel({ role: "operator", channel_id: 1 }, 1));
  assert.ok(!canAccessChannel({ role: "administrator", channel_id: 1 }, 2));
  assert.ok(canAccessChannel({ role: "super_administrator", channel_id: null }, 2));
  assert.ok(isSuperAdminMode({ role: "super_administrator", channel_id: null }));
  assert.ok(!isSuperAdminMode({ role: "super_administrator", channel_id: 1 }));
});
