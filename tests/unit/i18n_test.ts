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

Deno.test("widgetLanguage - ?lang=, listener, browser, interaction, then fr", async (t) => {
  const { widgetLanguage } = await import("../../lib/rules/i18n.ts");
  const all = { query: "pl", listener: "pt", acceptLanguage: "en-US,en;q=0.9", interaction: "es" };
  await t.step("the address's ?lang= first", () => assert.equal(widgetLanguage(all), "pl"));
  await t.step("then the signed-in listener's language, over an English browser", () => {
    assert.equal(widgetLanguage({ ...all, query: null }), "pt");
    assert.equal(widgetLanguage({ ...all, query: "xx" }), "pt");
  });
  await t.step("then the browser's, before the interaction's setting", () => {
    assert.equal(widgetLanguage({ ...all, query: null, listener: null }), "en");
  });
  await t.step("then the interaction's setting when the browser asks for none of ours", () => {
    assert.equal(widgetLanguage({ acceptLanguage: "de-DE,ja;q=0.5", interaction: "es" }), "es");
    assert.equal(widgetLanguage({ interaction: "pt" }), "pt");
  });
  await t.step("then fr; regional tags reduced; technical is no widget language", () => {
    assert.equal(widgetLanguage({ acceptLanguage: "de", interaction: "xx" }), "fr");
    assert.equal(widgetLanguage({ listener: "pt_BR" }), "pt");
    assert.equal(widgetLanguage({ query: "technical", interaction: "en" }), "en");
  });
});
