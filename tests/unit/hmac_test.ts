import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import { hmacSha256, sameText, toBase64url, toHex } from "../../lib/rules/hmac.ts";

const texts = [
  "",
  "a",
  "device:abc",
  "vote-address:2001:db8::1",
  "é😀 naïve",
  "x".repeat(55),
  "y".repeat(56),
];

Deno.test("hmacSha256 - the bytes of node:crypto's HMAC-SHA256, for every key and message length", async (t) => {
  await t.step("known texts", () => {
    for (const length of [0, 1, 32, 46, 63, 64, 65, 100, 200]) {
      const secret = new Uint8Array(randomBytes(length));
      for (const text of texts) {
        const expected = createHmac("sha256", secret).update(text).digest("hex");
        assert.equal(toHex(hmacSha256(secret, text)), expected, `key ${length} bytes, text ${text}`);
      }
    }
  });
  await t.step("random lengths across block boundaries", () => {
    const secret = new TextEncoder().encode("shared-secret-of-the-test-instances-0123456789");
    for (let length = 0; length < 300; length++) {
      const text = randomBytes(length).toString("base64").slice(0, length);
      const expected = createHmac("sha256", secret).update(text).digest("base64url");
      assert.equal(toBase64url(hmacSha256(secret, text)), expected);
    }
  });
});

Deno.test("toBase64url - Buffer's base64url for every remainder", () => {
  for (let length = 0; length < 40; length++) {
    const bytes = new Uint8Array(randomBytes(length));
    assert.equal(toBase64url(bytes), Buffer.from(bytes).toString("base64url"));
  }
});

Deno.test("sameText - equal texts only", () => {
  assert.equal(sameText("abc", "abc"), true);
  assert.equal(sameText("abc", "abd"), false);
  assert.equal(sameText("abc", "abcd"), false);
  assert.equal(sameText("", ""), true);
});
