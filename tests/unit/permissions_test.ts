import assert from "node:assert/strict";
import {
  can,
  canAccessChannel,
  isSuperAdministrator,
  isSuperAdminMode,
  PERMISSIONS,
  requireAccess,
  ROLE_PERMISSIONS,
} from "../../lib/rules/permissions.ts";
import type { AppError } from "../../lib/rules/errors.ts";

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

Deno.test("permissions - requireAccess is the one check: session, permission, channels", () => {
  const base = {
    id: 1,
    login: "x",
    email: "x@example.org",
    language: null,
    first_name: null,
    last_name: null,
    image_url: null,
  };
  const operator = { ...base, role: "operator" as const, channel_id: 3 };
  const superAdmin = { ...base, role: "super_administrator" as const, channel_id: null };
  assert.throws(() => requireAccess(null, "moderation"), (e: AppError) => e.status === 401);
  assert.throws(() => requireAccess(operator, "users-manage"), (e: AppError) => e.status === 403);
  assert.throws(() => requireAccess(operator, "moderation", [4]), (e: AppError) => e.status === 403);
  requireAccess(operator, "moderation", [3]);
  requireAccess(superAdmin, "channels-all", [3, 4]);
  assert.ok(isSuperAdministrator(superAdmin) && !isSuperAdministrator(operator));
});
