import assert from "node:assert/strict";
import { createTranslator, resolveLanguage } from "../../lib/rules/i18n.ts";

Deno.test("resolveLanguage - order: query, user setting, Accept-Language, then fr", async (t) => {
  await t.step("query wins", () => {
    assert.equal(resolveLanguage({ query: "pl", user: "en", acceptLanguage: "pt" }), "pl");
  });
  await t.step("user setting before the browser's", () => {
    assert.equal(resolveLanguage({ user: "es", acceptLanguage: "pt" }), "es");
  });
  await t.step("Accept-Language by quality, regional tags reduced", () => {
    assert.equal(resolveLanguage({ acceptLanguage: "de-DE,de;q=0.9,pt-BR;q=0.8,en;q=0.7" }), "pt");
  });
  await t.step("unknown everywhere falls back to fr", () => {
    assert.equal(resolveLanguage({ query: "xx", acceptLanguage: "de,ja" }), "fr");
    assert.equal(resolveLanguage({}), "fr");
  });
  await t.step("the technical pseudo-language only where allowed", () => {
    assert.equal(resolveLanguage({ query: "technical", allowTechnical: true }), "technical");
    assert.equal(resolveLanguage({ query: "technical", acceptLanguage: "en" }), "en");
  });
});

Deno.test("createTranslator - falls back to fr, interpolates, shows keys in technical", () => {
  const resources = {
    fr: { a: { hi: "Bonjour {{name}}", only: "seulement fr" } },
    en: { a: { hi: "Hello {{name}}" } },
  };
  const en = createTranslator(resources, "en");
  assert.equal(en("a.hi", { name: "Ana" }), "Hello Ana");
  assert.equal(en("a.only"), "seulement fr");
  assert.equal(createTranslator(resources, "technical")("a.hi"), "a.hi");
});

Deno.test("translator - plain texts remembered per process, options still honoured", async (t) => {
  const { translator, dictionaryJson, LOCALES } = await import("../../app/i18n.ts");
  const { resolvedDictionary } = await import("../../lib/rules/dictionary.ts");
  await t.step("a plain key, then the same key with values, then plain again", () => {
    const en = translator("en");
    assert.equal(en("errors.rate_limited"), "Too many attempts. Try again in {{seconds}} seconds.");
    assert.equal(en("errors.rate_limited", { seconds: 5 }), "Too many attempts. Try again in 5 seconds.");
    assert.equal(en("errors.rate_limited"), "Too many attempts. Try again in {{seconds}} seconds.");
    assert.equal(en("errors.rate_limited", { seconds: 7 }), "Too many attempts. Try again in 7 seconds.");
    assert.equal(en("errors.rate_limited", { seconds: 5 }), "Too many attempts. Try again in 5 seconds.");
  });
  await t.step("each language keeps its own texts; a missing one falls back to fr", () => {
    assert.notEqual(translator("pl")("errors.rate_limited"), translator("en")("errors.rate_limited"));
    assert.equal(translator("technical")("errors.rate_limited"), "errors.rate_limited");
  });
  await t.step("the serialised texts equal the resolved dictionary, with < escaped for a script", () => {
    const json = dictionaryJson("pt", ["common", "errors"]);
    assert.deepEqual(JSON.parse(json), resolvedDictionary(LOCALES, "pt", ["common", "errors"]));
    assert.equal(json.includes("<"), false);
    assert.equal(dictionaryJson("pt", ["errors", "common"]), json);
  });
});
