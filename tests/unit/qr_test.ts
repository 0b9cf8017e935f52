import assert from "node:assert/strict";
import { QR_MAX_LENGTH, qrMatrix, qrSvg } from "../../lib/rules/qr.ts";

Deno.test("qrMatrix - a square code with finder patterns, none for empty or too long", () => {
  const m = qrMatrix("hello")!;
  assert.equal(m.length, 21); // version 1
  assert.ok(m.every((row) => row.length === m.length));
  // top-left finder pattern: a dark 7x7 ring
  assert.deepEqual(m[0].slice(0, 7), [true, true, true, true, true, true, true]);
  assert.equal(m[1][1], false);
  assert.equal(qrMatrix(""), null);
  assert.equal(qrMatrix("x".repeat(QR_MAX_LENGTH + 1)), null);
  assert.ok(qrMatrix("é".repeat(500))); // 1000 UTF-8 bytes
});

Deno.test("qrSvg - includes a quiet zone of four modules", () => {
  const m = qrMatrix("hello")!;
  assert.match(qrSvg(m, 100), /viewBox="0 0 29 29"/);
  assert.match(qrSvg(m, 100), /^<svg xmlns=/);
});
