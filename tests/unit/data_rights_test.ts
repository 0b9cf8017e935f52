import assert from "node:assert/strict";
import {
  addMonths,
  consentHash,
  consentTexts,
  erasureDate,
  exportSignature,
  isValidExportLink,
  retentionCutoff,
} from "../../lib/rules/data_rights.ts";
import { can } from "../../lib/rules/permissions.ts";

Deno.test("data rights rules - months are calendar months, the day clamped to the month's end", () => {
  assert.equal(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString(), "2026-02-28T10:00:00.000Z");
  assert.equal(addMonths(new Date("2026-11-25T00:00:00Z"), 3).toISOString(), "2027-02-25T00:00:00.000Z");
  assert.equal(
    retentionCutoff(new Date("2026-03-31T00:00:00Z"), 6).toISOString(),
    "2025-09-30T00:00:00.000Z",
  );
});

Deno.test("data rights rules - erasure date: created + N months, none when kept or already erased", () => {
  const created = new Date("2026-05-26T00:00:00Z");
  assert.equal(erasureDate(created, 6)!.toISOString(), "2026-11-26T00:00:00.000Z");
  assert.equal(erasureDate(created, null), null);
  assert.equal(erasureDate(created, 6, new Date()), null);
});

Deno.test("data rights rules - consent record: only the consents given, the texts shown, a stable hash", async (t) => {
  const customisation = {
    title_consent: "Vos données",
    consent_gdpr_text: "<p>Texte RGPD</p>",
    title_consent_image_right: "Droit à l'image",
    image_right_text: "",
  };
  await t.step("gdpr only", () => {
    assert.deepEqual(
      consentTexts({ customisation, legalNotice: "Radio X", gdpr: true, imageRight: false }),
      {
        consent_gdpr: "accepted",
        title_consent: "Vos données",
        consent_gdpr_text: "<p>Texte RGPD</p>",
        legal_notice: "Radio X",
      },
    );
  });
  await t.step("none given: nothing", () => {
    assert.deepEqual(
      consentTexts({ customisation, legalNotice: "Radio X", gdpr: false, imageRight: false }),
      {},
    );
  });
  await t.step("the hash ignores key order and changes with the text", () => {
    assert.equal(consentHash({ a: "1", b: "2" }), consentHash({ b: "2", a: "1" }));
    assert.notEqual(consentHash({ a: "1" }), consentHash({ a: "2" }));
    assert.match(consentHash({}), /^[0-9a-f]{64}$/);
  });
});

Deno.test("data rights rules - export links: ours and unexpired only", () => {
  const secret = new TextEncoder().encode("s".repeat(32));
  const now = new Date("2026-11-25T00:00:00Z");
  const expires = Math.floor(now.getTime() / 1000) + 3600;
  const id = crypto.randomUUID();
  const signature = exportSignature(secret, id, expires);
  assert.equal(isValidExportLink(secret, { id, expires, signature }, now), true);
  assert.equal(isValidExportLink(secret, { id: crypto.randomUUID(), expires, signature }, now), false);
  assert.equal(isValidExportLink(secret, { id, expires: expires + 1, signature }, now), false);
  assert.equal(isValidExportLink(secret, { id, expires, signature }, new Date(expires * 1000)), false);
  assert.equal(isValidExportLink(secret, { id, expires, signature: signature.slice(1) }, now), false);
});

Deno.test("permissions - erasing a listener's data is for administrators, not operators", () => {
  assert.equal(can({ role: "operator" }, "listener-data-erase"), false);
  assert.equal(can({ role: "administrator" }, "listener-data-erase"), true);
  assert.equal(can({ role: "super_administrator" }, "listener-data-erase"), true);
});
