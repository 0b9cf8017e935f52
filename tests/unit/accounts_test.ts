import assert from "node:assert/strict";
import {
  afterSwitchPath,
  landingPath,
  normaliseEmail,
  registrationError,
  safeNext,
  TOKEN_TTL_MS,
} from "../../lib/rules/accounts.ts";
import { accountMail } from "../../lib/accounts/mails.ts";
import { translator } from "../../app/i18n.ts";

const form = {
  login: "jdoe",
  email: "jane@example.org",
  phone: "061 234 5678",
  password: "Secret-123",
  first_name: "Jane",
  last_name: "Doe",
};

Deno.test("accounts - registration rules in the order of back-office §5", async (t) => {
  await t.step("a complete, valid form passes", () => assert.equal(registrationError(form), null));
  await t.step("every missing or blank field is named under 'All fields are required'", () => {
    assert.deepEqual(registrationError({ ...form, login: " ", last_name: undefined }), {
      code: "fields_required",
      fields: ["login", "last_name"],
    });
  });
  await t.step("then telephone, e-mail, password, each alone", () => {
    assert.equal(
      registrationError({ ...form, phone: "12", email: "x", password: "y" })!.code,
      "invalid_phone",
    );
    assert.equal(registrationError({ ...form, email: "x", password: "y" })!.code, "invalid_email");
    assert.deepEqual(registrationError({ ...form, password: "secret-123" }), {
      code: "invalid_password",
      fields: ["password"],
    });
  });
});

Deno.test("accounts - where a login lands and which next addresses are safe", async (t) => {
  await t.step("safe next: a path on this site only", () => {
    assert.equal(safeNext("/users/3?x=1"), "/users/3?x=1");
    for (
      const bad of [
        null,
        "",
        "users",
        "//evil.example",
        "/\\evil.example",
        "https://evil.example",
        "/login",
        "/logout",
        "/a\r\nSet-Cookie: x",
        "/\t/evil.example",
        "/\n/evil.example",
        "/ /evil.example",
        "/\u0000/evil.example",
        "/%5C/ok-but-backslash\\",
        "/login?x=1",
      ]
    ) {
      assert.equal(safeNext(bad), null, String(bad));
    }
  });
  await t.step("landing: next, else /channels in super admin mode, else /interactions", () => {
    assert.equal(landingPath({ role: "super_administrator", channel_id: null }), "/channels");
    assert.equal(landingPath({ role: "super_administrator", channel_id: 2 }), "/interactions");
    assert.equal(landingPath({ role: "operator", channel_id: 2 }), "/interactions");
    assert.equal(landingPath({ role: "operator", channel_id: 2 }, "/moderation"), "/moderation");
    assert.equal(landingPath({ role: "operator", channel_id: 2 }, "//evil"), "/interactions");
  });
  await t.step("after switching company: /channels for none, else /interactions (§2)", () => {
    assert.equal(afterSwitchPath(null), "/channels");
    assert.equal(afterSwitchPath(4), "/interactions");
  });
  await t.step("link lifetimes: confirm 48 h, reset 1 h, login 15 min", () => {
    assert.deepEqual(TOKEN_TTL_MS, { confirm: 172_800_000, reset: 3_600_000, login: 900_000 });
  });
  await t.step("e-mails compare trimmed and lower-cased", () => {
    assert.equal(normaliseEmail("  Jane.Doe@Example.ORG "), "jane.doe@example.org");
  });
});

Deno.test("accounts - mails carry the link in text and HTML, escaped, in the recipient's language", () => {
  const link = "https://im.example.org/reset/abc_DEF-123";
  const mail = accountMail(translator("pl"), "reset", "a@b.c", { name: "<Ann & Bob>", link });
  assert.equal(mail.to, "a@b.c");
  assert.equal(mail.subject, "Zmień hasło do Interaction Manager");
  assert.match(mail.text, /^Dzień dobry <Ann & Bob>,/);
  assert.ok(mail.text.includes(link));
  assert.ok(mail.html!.includes(`<a href="${link}"`));
  assert.ok(mail.html!.includes("&lt;Ann &amp; Bob&gt;"));
  assert.ok(!mail.html!.includes("<Ann"));
  const invite = accountMail(translator("en"), "invite", "a@b.c", { name: "Ann", link, inviter: "Sophie" });
  assert.match(invite.text, /Sophie created an account for you/);
});
