import assert from "node:assert/strict";
import {
  maskedNumber,
  newPhoneLinkCode,
  PHONE_LINK_CODE_DIGITS,
  PHONE_LINK_MAX_ATTEMPTS,
  phoneLinkCodeHash,
  phoneLinkCodeMatches,
  phoneLinkCodeUsable,
} from "../../lib/rules/phone_links.ts";

const secret = new TextEncoder().encode("test-secret-test-secret-test-secret-0123");

Deno.test("phone link rules - a code is six digits, drawn afresh each time", () => {
  const codes = new Set(Array.from({ length: 50 }, newPhoneLinkCode));
  for (const code of codes) assert.match(code, new RegExp(`^[0-9]{${PHONE_LINK_CODE_DIGITS}}$`));
  assert.ok(codes.size > 45, "codes repeat far less than this");
});

Deno.test("phone link rules - a code matches its number and medium only, spaces aside", () => {
  const kept = {
    number_hash: "abc",
    medium: "sms",
    code_hash: phoneLinkCodeHash(secret, "abc", "sms", "042137"),
  };
  assert.equal(phoneLinkCodeMatches(secret, kept, "042 137"), true);
  assert.equal(phoneLinkCodeMatches(secret, kept, "042138"), false);
  assert.equal(phoneLinkCodeMatches(secret, kept, "42137"), false);
  assert.equal(phoneLinkCodeMatches(secret, { ...kept, medium: "whatsapp" }, "042137"), false);
  assert.equal(phoneLinkCodeMatches(secret, { ...kept, number_hash: "abd" }, "042137"), false);
});

Deno.test("phone link rules - a code is usable unused, unexpired and with guesses left", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  const fresh = { used_at: null, expires_at: new Date(now.getTime() + 1000), attempts: 0 };
  assert.equal(phoneLinkCodeUsable(fresh, now), true);
  assert.equal(phoneLinkCodeUsable({ ...fresh, used_at: now }, now), false);
  assert.equal(phoneLinkCodeUsable({ ...fresh, expires_at: now }, now), false);
  assert.equal(phoneLinkCodeUsable({ ...fresh, attempts: PHONE_LINK_MAX_ATTEMPTS - 1 }, now), true);
  assert.equal(phoneLinkCodeUsable({ ...fresh, attempts: PHONE_LINK_MAX_ATTEMPTS }, now), false);
});

Deno.test("phone link rules - my space shows a number by its last four digits", () => {
  assert.equal(maskedNumber("+33612345678"), "•••• 5678");
});
