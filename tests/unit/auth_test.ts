import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { hashToken, randomToken, signToken, verifyTokenClaims } from "../../lib/platform/auth.ts";
import { hashPassword, verifyAccountPassword } from "../../lib/platform/password.ts";

const secret = new TextEncoder().encode("unit-secret-unit-secret-unit-secret-00");

/** The subject the sign-in middleware (app/auth.ts) reads from a token, or null. */
const verifyToken = async (key: Uint8Array, token: string, audience: "staff" | "visitor") =>
  (await verifyTokenClaims(key, token, audience))?.subject ?? null;

Deno.test("tokens - audience, tampering and expiry are checked", async () => {
  const staff = await signToken(secret, 7, "staff", crypto.randomUUID());
  assert.equal(await verifyToken(secret, staff, "staff"), 7);
  assert.equal(await verifyToken(secret, staff, "visitor"), null);
  const tampered = staff.slice(0, -3) + (staff.endsWith("AAA") ? "BBB" : "AAA");
  assert.equal(await verifyToken(secret, tampered, "staff"), null);
  const other = new TextEncoder().encode("another-secret-another-secret-0000000");
  assert.equal(await verifyToken(other, staff, "staff"), null);
  const expired = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject("7").setAudience(
    "staff",
  )
    .setIssuer("interaction-manager").setExpirationTime(Math.floor(Date.now() / 1000) - 10).sign(secret);
  assert.equal(await verifyToken(secret, expired, "staff"), null);
});

Deno.test("tokens - one without an expiry or without a session id is refused", async () => {
  const base = () =>
    new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject("7").setAudience("staff")
      .setIssuer("interaction-manager").setIssuedAt();
  const noExp = await base().setJti(crypto.randomUUID()).sign(secret);
  assert.equal(await verifyToken(secret, noExp, "staff"), null);
  const noJti = await base().setExpirationTime("1h").sign(secret);
  assert.equal(await verifyToken(secret, noJti, "staff"), null);
  const badJti = await base().setJti("1").setExpirationTime("1h").sign(secret);
  assert.equal(await verifyToken(secret, badJti, "staff"), null);
  const good = await base().setJti(crypto.randomUUID()).setExpirationTime("1h").sign(secret);
  assert.equal(await verifyToken(secret, good, "staff"), 7);
});

Deno.test("opaque tokens - random, stored as their hash", async () => {
  const a = await randomToken(), b = await randomToken();
  assert.notEqual(a.token, b.token);
  assert.equal(a.hash, await hashToken(a.token));
  assert.match(a.hash, /^[0-9a-f]{64}$/);
});

Deno.test("passwords - argon2id hashes verify only the right password", async () => {
  const hash = await hashPassword("Correct-Horse-9");
  assert.match(hash, /^\$argon2id\$/);
  assert.ok(await verifyAccountPassword("Correct-Horse-9", hash));
  assert.ok(!(await verifyAccountPassword("wrong", hash)));
  assert.ok(!(await verifyAccountPassword("x", "not a hash")));
});

Deno.test("passwords - an account without hash is refused, its password checked against a throw-away hash", async () => {
  const hash = await hashPassword("Correct-Horse-9");
  assert.equal(await verifyAccountPassword("Correct-Horse-9", hash), true);
  assert.equal(await verifyAccountPassword("wrong", hash), false);
  for (const absent of [null, undefined, ""]) {
    assert.equal(await verifyAccountPassword("Correct-Horse-9", absent), false);
  }
});
