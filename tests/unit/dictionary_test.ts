import assert from "node:assert/strict";
import { dictionaryTranslator, resolvedDictionary } from "../../lib/rules/dictionary.ts";
import { createTranslator } from "../../lib/rules/i18n.ts";
import { missingSections } from "../../framework/sections.ts";
import { LOCALES } from "../../app/i18n.ts";

const resources = {
  fr: {
    a: { hi: "Bonjour {{name}}", only: "seulement fr", n_one: "{{count}} vote", n_other: "{{count}} votes" },
  },
  en: { a: { hi: "Hello {{name}}", n_one: "{{count}} vote", n_other: "{{count}} votes" } },
  pl: {
    a: {
      hi: "Cześć {{name}}",
      n_one: "{{count}} głos",
      n_few: "{{count}} głosy",
      n_many: "{{count}} głosów",
    },
  },
};

Deno.test("resolvedDictionary - flat keys, the language over fr, nothing for technical", () => {
  const en = resolvedDictionary(resources, "en", ["a"]);
  assert.equal(en["a.hi"], "Hello {{name}}");
  assert.equal(en["a.only"], "seulement fr");
  assert.deepEqual(resolvedDictionary(resources, "en", ["missing"]), {});
  assert.deepEqual(resolvedDictionary(resources, "technical", ["a"]), {});
  const pl = resolvedDictionary(resources, "pl", ["a"]);
  assert.equal(pl["a.n_few"], "{{count}} głosy");
});

Deno.test("resolvedDictionary - a section is a path: a part of a section or one text, never inherited", () => {
  const nested = {
    fr: { w: { login: { a: "A fr", b: "B fr" }, record: "Enregistrer" } },
    en: { w: { login: { a: "A" } } },
  };
  assert.deepEqual(resolvedDictionary(nested, "en", ["w.login"]), { "w.login.a": "A", "w.login.b": "B fr" });
  assert.deepEqual(resolvedDictionary(nested, "en", ["w.record"]), { "w.record": "Enregistrer" });
  assert.deepEqual(resolvedDictionary(nested, "en", ["w.login.a", "w.nope", "w..login"]), {
    "w.login.a": "A",
  });
  for (const odd of ["constructor", "__proto__", "w.constructor", "w.login.toString", "hasOwnProperty"]) {
    assert.deepEqual(resolvedDictionary(nested, "en", [odd]), {}, odd);
  }
  assert.deepEqual(resolvedDictionary(nested, "constructor", ["w"]), {});
});

Deno.test("missingSections - a section holds the paths inside it, not its parent nor its siblings", () => {
  assert.deepEqual(missingSections(["widget.record", "common"], ["widget", "common.brand", "common"]), [
    "widget",
  ]);
  assert.deepEqual(missingSections(["widget"], ["widget.record", "widget_forms"]), ["widget_forms"]);
  assert.deepEqual(missingSections([], ["a.b"]), ["a.b"]);
  assert.deepEqual(missingSections(["a.b"], ["a.bc", "a.b.c"]), ["a.bc"]);
});

Deno.test("dictionaryTranslator - values, plurals by Intl.PluralRules, keys when missing", () => {
  const pl = dictionaryTranslator(resolvedDictionary(resources, "pl", ["a"]), "pl");
  assert.equal(pl("a.hi", { name: "Ala" }), "Cześć Ala");
  assert.equal(pl("a.n", { count: 1 }), "1 głos");
  assert.equal(pl("a.n", { count: 3 }), "3 głosy");
  assert.equal(pl("a.n", { count: 5 }), "5 głosów");
  assert.equal(pl("a.n", { count: 22 }), "22 głosy");
  assert.equal(pl("a.nothing"), "a.nothing");
  const tech = dictionaryTranslator(resolvedDictionary(resources, "technical", ["a"]), "technical");
  assert.equal(tech("a.hi", { name: "x" }), "a.hi");
});

Deno.test("dictionaryTranslator - gives i18next's text for every key of every locale, with and without values", () => {
  const fr = resolvedDictionary(LOCALES, "fr", Object.keys(LOCALES.fr));
  const keys = [...new Set(Object.keys(fr).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))];
  for (const language of ["fr", "en", "pt", "es", "pl", "technical"]) {
    const server = createTranslator(LOCALES, language) as unknown as (k: string, o?: unknown) => string;
    const client = dictionaryTranslator(
      resolvedDictionary(LOCALES, language, Object.keys(LOCALES.fr)),
      language,
    ) as unknown as (k: string, o?: unknown) => string;
    for (const key of keys) {
      assert.equal(client(key), server(key), `${language} ${key}`);
      for (const count of [0, 1, 2, 5, 22]) {
        const values = { count, name: "Ana", n: 3, max: 10, seconds: 4, label: "L", total: 7 };
        assert.equal(client(key, values), server(key, values), `${language} ${key} ${count}`);
      }
    }
  }
});
