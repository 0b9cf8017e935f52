import assert from "node:assert/strict";
import {
  AUDIT_ACTIONS,
  AUDIT_RETENTION_MONTHS,
  AUDIT_RETENTION_RANGE,
  auditDetails,
  isAuditRetention,
} from "../../lib/rules/audit.ts";

Deno.test("audit rules - a channel keeps its log from one month to ten years, two years by default", () => {
  assert.equal(AUDIT_RETENTION_MONTHS, 24);
  assert.deepEqual(AUDIT_RETENTION_RANGE, { min: 1, max: 120 });
  for (const ok of [1, 24, 120]) assert.equal(isAuditRetention(ok), true, String(ok));
  for (const no of [0, 121, 2.5, -3, "12", null, NaN]) assert.equal(isAuditRetention(no), false, String(no));
});

Deno.test("audit rules - single sign-on and retention changes are logged, a refusal keeps its reason", () => {
  for (const action of ["sso_settings_changed", "audit_retention_changed"]) {
    assert.ok((AUDIT_ACTIONS as readonly string[]).includes(action), action);
  }
  assert.deepEqual(auditDetails({ method: "sso", reason: "sso_no_account", email: "x@y.example" }), {
    method: "sso",
    reason: "sso_no_account",
  });
});
