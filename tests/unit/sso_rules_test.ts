import assert from "node:assert/strict";
import {
  emailDomainOf,
  emailDomainsOf,
  groupsOf,
  isLoopbackIssuer,
  platformRoleOf,
  providerErrorCode,
  roleClaimOf,
  SSO_CREATED_ROLE,
  SSO_DEFAULT_ROLE_CLAIM,
  SSO_ERRORS,
  SSO_FLOW_TTL_MS,
  SSO_GROUPS_LIMIT,
  SSO_SCOPE,
  ssoDecision,
  ssoErrorOf,
  ssoIssuerProblem,
  ssoRoleOf,
  ssoStartAddress,
} from "../../lib/rules/sso.ts";
import { ROLES } from "../../lib/rules/permissions.ts";

Deno.test("sso rules - an issuer is HTTPS, or HTTP on this machine only, without query nor credentials", () => {
  assert.equal(ssoIssuerProblem("https://login.microsoftonline.com/tenant/v2.0"), null);
  assert.equal(ssoIssuerProblem("http://127.0.0.1:8080/realms/radio"), null);
  assert.equal(ssoIssuerProblem("http://localhost:8080"), null);
  assert.equal(ssoIssuerProblem("http://login.example.com"), "sso_issuer_https");
  assert.equal(ssoIssuerProblem("http://10.0.0.5"), "sso_issuer_https");
  assert.equal(ssoIssuerProblem("ftp://login.example.com"), "sso_issuer_https");
  assert.equal(ssoIssuerProblem("login.example.com"), "sso_issuer_invalid");
  assert.equal(ssoIssuerProblem("https://login.example.com/?tenant=1"), "sso_issuer_invalid");
  assert.equal(ssoIssuerProblem("https://user:pw@login.example.com"), "sso_issuer_invalid");
  assert.equal(isLoopbackIssuer("http://127.0.0.1:1"), true);
  assert.equal(isLoopbackIssuer("https://login.example.com"), false);
  assert.equal(isLoopbackIssuer("http://login.example.com"), false);
});

Deno.test("sso rules - e-mail domains are read lower case, once each, and refused when one is not a domain", () => {
  assert.deepEqual(emailDomainsOf("Radio.example, news.example\n@radio.example"), [
    "radio.example",
    "news.example",
  ]);
  assert.deepEqual(emailDomainsOf(""), []);
  assert.equal(emailDomainsOf("radio.example, not a domain!"), null);
  assert.equal(emailDomainsOf("localhost"), null);
  assert.equal(emailDomainOf(" Karim@Radio.Example "), "radio.example");
  assert.equal(emailDomainOf("no-at-sign"), "");
});

Deno.test("sso rules - only a verified e-mail of the channel's own active staff signs in", () => {
  const verified = { email: "Karim@Radio.example", email_verified: true };
  const mine = { id: 7, channel_id: 1, active: true };
  assert.deepEqual(ssoDecision(verified, mine, 1, false), { kind: "sign_in", userId: 7 });
  assert.deepEqual(ssoDecision({ ...verified, email_verified: false }, mine, 1, false), {
    kind: "refused",
    reason: "sso_email_unverified",
  });
  assert.deepEqual(ssoDecision({ ...verified, email_verified: "true" }, mine, 1, false), {
    kind: "refused",
    reason: "sso_email_unverified",
  }, "a string is not the boolean the specification asks");
  assert.deepEqual(ssoDecision({ email_verified: true }, mine, 1, false), {
    kind: "refused",
    reason: "sso_email_unverified",
  });
  assert.deepEqual(ssoDecision(verified, { ...mine, channel_id: 2 }, 1, true), {
    kind: "refused",
    reason: "sso_other_channel",
  });
  assert.deepEqual(ssoDecision(verified, { ...mine, channel_id: null }, 1, true), {
    kind: "refused",
    reason: "sso_other_channel",
  }, "never a super administrator's account");
  assert.deepEqual(ssoDecision(verified, { ...mine, active: false }, 1, false), {
    kind: "refused",
    reason: "account_inactive",
  });
  assert.deepEqual(ssoDecision(verified, null, 1, false), { kind: "refused", reason: "sso_no_account" });
  assert.deepEqual(ssoDecision(verified, null, 1, true), { kind: "create", email: "karim@radio.example" });
});

Deno.test("sso rules - the flow lasts ten minutes, asks openid and email, creates operators", () => {
  assert.equal(SSO_FLOW_TTL_MS, 600_000);
  assert.equal(SSO_SCOPE, "openid email");
  assert.equal(SSO_CREATED_ROLE, "operator");
  assert.ok((ROLES as readonly string[]).includes(SSO_CREATED_ROLE));
});

Deno.test("sso rules - the login page shows a known refusal only, each with a text in every language", async () => {
  assert.equal(ssoErrorOf("sso_state"), "sso_state");
  assert.equal(ssoErrorOf("<script>"), null);
  assert.equal(ssoErrorOf(undefined), null);
  for (const lang of ["en", "fr", "pt", "es", "pl"]) {
    const texts = JSON.parse(await Deno.readTextFile(`locales/${lang}.json`));
    for (const key of [...SSO_ERRORS, "password_sign_in_off", "sso_issuer_https", "sso_issuer_invalid"]) {
      assert.ok(texts.errors[key], `${lang} errors.${key}`);
    }
    assert.match(texts.auth.sso_button, /\{\{name\}\}/, lang);
  }
});

Deno.test("sso rules - a provider's own refusal is kept in the audit log as its short code, anything else as other", () => {
  assert.equal(providerErrorCode("access_denied"), "access_denied");
  assert.equal(providerErrorCode("login_required"), "login_required");
  assert.equal(providerErrorCode("<script>alert(1)</script>"), "other");
  assert.equal(providerErrorCode("x".repeat(65)), "other");
  assert.equal(providerErrorCode(""), "other");
  assert.equal(ssoErrorOf("sso_denied"), "sso_denied");
});

Deno.test("sso rules - the groups claim gives administrator before operator, none outside, never more", () => {
  const mapping = { role_claim: "groups", administrator_groups: ["Admins"], operator_groups: ["Studio"] };
  assert.deepEqual(ssoRoleOf({ groups: ["Studio", "Admins"] }, mapping), {
    kind: "role",
    role: "administrator",
  });
  assert.deepEqual(ssoRoleOf({ groups: ["Studio"] }, mapping), { kind: "role", role: "operator" });
  assert.deepEqual(ssoRoleOf({ groups: "Studio" }, mapping), { kind: "role", role: "operator" });
  assert.deepEqual(ssoRoleOf({ groups: ["studio"] }, mapping), { kind: "none" }, "names compare exactly");
  assert.deepEqual(ssoRoleOf({ groups: [] }, mapping), { kind: "none" });
  assert.deepEqual(ssoRoleOf({}, mapping), { kind: "none" });
  assert.deepEqual(ssoRoleOf({ groups: [{ name: "Admins" }] }, mapping), { kind: "none" });
  assert.deepEqual(ssoRoleOf({ roles: ["Admins"] }, { ...mapping, role_claim: "roles" }), {
    kind: "role",
    role: "administrator",
  });
  assert.deepEqual(ssoRoleOf({}, { ...mapping, administrator_groups: [], operator_groups: [] }), {
    kind: "off",
  });
  const superAdmin = { ...mapping, administrator_groups: ["super_administrator"] };
  assert.deepEqual(ssoRoleOf({ groups: ["super_administrator"] }, superAdmin), {
    kind: "role",
    role: "administrator",
  });
});

Deno.test("sso rules - a claim name and the groups typed are read, or refused", () => {
  assert.equal(SSO_DEFAULT_ROLE_CLAIM, "groups");
  assert.equal(roleClaimOf(""), "groups");
  assert.equal(roleClaimOf(" roles "), "roles");
  assert.equal(roleClaimOf("https://radio.example/claims/groups"), "https://radio.example/claims/groups");
  assert.equal(roleClaimOf("my groups"), null);
  assert.equal(roleClaimOf("x".repeat(201)), null);
  assert.deepEqual(groupsOf("Studio team, 1c5e-id\nStudio team\n\n"), ["Studio team", "1c5e-id"]);
  assert.deepEqual(groupsOf(""), []);
  assert.equal(
    groupsOf(Array.from({ length: SSO_GROUPS_LIMIT.count + 1 }, (_, i) => `g${i}`).join(",")),
    null,
  );
  assert.deepEqual(groupsOf("g".repeat(SSO_GROUPS_LIMIT.length)), ["g".repeat(SSO_GROUPS_LIMIT.length)]);
  assert.equal(groupsOf("g".repeat(SSO_GROUPS_LIMIT.length + 1)), null);
  assert.ok(SSO_ERRORS.includes("sso_no_role"), "the login page shows the refusal");
});

Deno.test("sso rules - the platform's provider opens any channel's account as it is, and creates none", () => {
  const verified = { email: "Operator@Example.com", email_verified: true };
  for (const channel_id of [1, 2, null]) {
    assert.deepEqual(ssoDecision(verified, { id: 7, channel_id, active: true }, null, false), {
      kind: "sign_in",
      userId: 7,
    });
  }
  assert.deepEqual(ssoDecision(verified, { id: 7, channel_id: 2, active: false }, null, false), {
    kind: "refused",
    reason: "account_inactive",
  });
  assert.deepEqual(ssoDecision({ ...verified, email_verified: false }, null, null, false), {
    kind: "refused",
    reason: "sso_email_unverified",
  });
  assert.deepEqual(ssoDecision(verified, null, null, false), { kind: "refused", reason: "sso_no_account" });
});

Deno.test("sso rules - the platform's groups give the super administrator role only, when listed", () => {
  const mapping = { role_claim: "groups", super_administrator_groups: ["Platform team"] };
  const member = { groups: ["Studio", "Platform team"] };
  assert.deepEqual(platformRoleOf(member, { ...mapping, super_administrator_groups: [] }, "operator"), {
    kind: "off",
  });
  assert.deepEqual(platformRoleOf(member, mapping, "operator"), {
    kind: "role",
    role: "super_administrator",
  });
  assert.deepEqual(platformRoleOf({ groups: "Platform team" }, mapping, "administrator"), {
    kind: "role",
    role: "super_administrator",
  });
  assert.deepEqual(platformRoleOf({ groups: ["Studio"] }, mapping, "administrator"), { kind: "off" });
  assert.deepEqual(platformRoleOf({}, mapping, "super_administrator"), { kind: "none" });
  assert.deepEqual(platformRoleOf({ roles: ["Platform team"] }, mapping, "super_administrator"), {
    kind: "none",
  }, "another claim than the one named");
  assert.ok(SSO_ERRORS.includes("sso_not_super_administrator"), "the login page shows the refusal");
});

Deno.test("sso rules - \"Sign in with …\" goes to the channel's provider or the platform's", () => {
  assert.equal(ssoStartAddress(3, null), "/sso/start?channel=3");
  assert.equal(ssoStartAddress(3, "/users?x=1"), "/sso/start?channel=3&next=%2Fusers%3Fx%3D1");
  assert.equal(ssoStartAddress(null, null), "/sso/start?platform");
  assert.equal(ssoStartAddress(null, "/users"), "/sso/start?platform&next=%2Fusers");
});
