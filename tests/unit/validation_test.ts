import assert from "node:assert/strict";
import {
  isEmail,
  isPhone,
  isStaffPassword,
  isVisitorPassword,
  normalisePhone,
} from "../../lib/rules/validation.ts";

Deno.test("validation - e-mail, phone and password rules of both specs", async (t) => {
  await t.step("email", () => {
    assert.ok(isEmail("a.b@example.org"));
    for (const bad of ["", "a@b", "a b@c.de", "@c.de", "a@.de x"]) assert.ok(!isEmail(bad), bad);
  });
  await t.step("phone: optional +, 3, 3, then 3 to 7 digits", () => {
    for (const ok of ["0612345678", "+331234567", "061-234-5678", "061 234 567", "061.234.5678901"]) {
      assert.ok(isPhone(ok), ok);
    }
    for (const bad of ["06123", "061-234-56", "0612345678901234", "abc1234567", "++33123456789"]) {
      assert.ok(!isPhone(bad), bad);
    }
  });
  await t.step("phone: the usual written forms are normalised before the pattern", () => {
    for (
      const ok of [
        "+33 6 12 34 56 78",
        "06 12 34 56 78",
        "06.12.34.56.78",
        "(061) 234-5678",
        "+48 512 345 678",
      ]
    ) {
      assert.ok(isPhone(ok), ok);
    }
    assert.equal(normalisePhone(" +33 6 12 34 56 78 "), "+33612345678");
    assert.equal(normalisePhone("06.12.34.56.78"), "0612345678");
    assert.equal(normalisePhone("call 0612"), "call 0612", "words are not digits: kept, then refused");
    for (const bad of ["+33 6 12", "06 12 34 56 78 90 12 34", "+ 33 6 12 34 56 78 +"]) {
      assert.ok(!isPhone(bad), bad);
    }
  });
  await t.step("staff password: 8 to 30, uppercase, digit, special", () => {
    assert.ok(isStaffPassword("Abcdef1!"));
    assert.ok(!isStaffPassword("Abcde1!"), "7 characters");
    assert.ok(!isStaffPassword("A1!" + "a".repeat(28)), "31 characters");
    assert.ok(!isStaffPassword("abcdef1!"), "no uppercase");
    assert.ok(!isStaffPassword("Abcdefg!"), "no digit");
    assert.ok(!isStaffPassword("Abcdefg1"), "no special");
  });
  await t.step("visitor password: 8 characters at least", () => {
    assert.ok(isVisitorPassword("12345678"));
    assert.ok(!isVisitorPassword("1234567"));
  });
});
