import assert from "node:assert/strict";
import { foreignTexts, LOCALE_KEYS } from "../e2e/_i18n_audit.ts";

Deno.test("i18n audit - the texts a page must not show are the other languages' translated ones", () => {
  const pt = foreignTexts("pt");
  assert.equal(pt.get("Participation sent"), "en:widget.participation_sent");
  assert.equal(pt.get("Participation envoyée"), "fr:widget.participation_sent");
  assert.equal(pt.has("Participação enviada"), false, "its own text");
  assert.equal(pt.has("SMS"), false, "shared by every language");
  const en = foreignTexts("en");
  assert.equal(en.get("Participation envoyée"), "fr:widget.participation_sent");
  assert.equal(en.has("Participation sent"), false);
  const fr = foreignTexts("fr");
  assert.equal(fr.get("Participation sent"), "en:widget.participation_sent");
  assert.ok(LOCALE_KEYS.includes("widget.participation_sent"));
});
