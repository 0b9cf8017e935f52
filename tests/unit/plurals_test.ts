import assert from "node:assert/strict";
import { LOCALES, translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";
import { dictionaryTranslator, resolvedDictionary } from "../../lib/rules/dictionary.ts";

Deno.test("plurals - every count text has each plural form its language uses", () => {
  for (const lang of LANGUAGES) {
    const counts = LOCALES[lang].counts as Record<string, string>;
    const bases = new Set(Object.keys(counts).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")));
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const base of bases) {
      for (const form of forms) assert.ok(counts[`${base}_${form}`], `${lang}: counts.${base}_${form}`);
    }
  }
});

Deno.test("plurals - one message, two messages; Polish has one, few and many", () => {
  const en = translator("en");
  assert.equal(en("counts.messages", { count: 1 }), "1 message");
  assert.equal(en("counts.messages", { count: 2 }), "2 messages");
  assert.equal(en("counts.unread_messages", { count: 1 }), "1 unread message");
  assert.equal(translator("fr")("counts.unread", { count: 2 }), "2 non lus");
  const pl = translator("pl");
  assert.equal(pl("counts.interactions", { count: 1 }), "1 interakcja");
  assert.equal(pl("counts.interactions", { count: 3 }), "3 interakcje");
  assert.equal(pl("counts.interactions", { count: 5 }), "5 interakcji");
  assert.equal(pl("counts.interactions", { count: 22 }), "22 interakcje");
});

Deno.test("plurals - the login wait, characters left, vote totals and moderated messages in each language", async (t) => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ["en", "errors.rate_limited", { seconds: 1, count: 1 }, "Too many attempts. Try again in 1 second."],
    ["en", "errors.rate_limited", { seconds: 4, count: 4 }, "Too many attempts. Try again in 4 seconds."],
    ["fr", "sessions.wait", { seconds: 1, count: 1 }, "Trop de tentatives. Réessayez dans 1 seconde."],
    [
      "pt",
      "sessions.wait",
      { seconds: 1, count: 1 },
      "Demasiadas tentativas. Tente novamente dentro de 1 segundo.",
    ],
    [
      "es",
      "errors.rate_limited",
      { seconds: 1, count: 1 },
      "Demasiados intentos. Vuelva a intentarlo en 1 segundo.",
    ],
    ["pl", "sessions.wait", { seconds: 1, count: 1 }, "Zbyt wiele prób. Spróbuj ponownie za 1 sekundę."],
    ["pl", "sessions.wait", { seconds: 3, count: 3 }, "Zbyt wiele prób. Spróbuj ponownie za 3 sekundy."],
    ["pl", "errors.rate_limited", { seconds: 5, count: 5 }, "Zbyt wiele prób. Spróbuj ponownie za 5 sekund."],
    ["en", "widget.characters_left", { count: 1 }, "1 character left"],
    ["es", "widget.characters_left", { count: 1 }, "Queda 1 carácter"],
    ["pl", "widget.characters_left", { count: 2 }, "Pozostały 2 znaki"],
    ["pl", "widget.characters_left", { count: 250 }, "Pozostało 250 znaków"],
    ["en", "interactions.results_total", { count: 1 }, "1 vote"],
    ["pt", "interactions.results_total", { count: 2 }, "2 votos"],
    ["pl", "interactions.results_total", { count: 22 }, "22 głosy"],
    ["pl", "interactions.results_total", { count: 25 }, "25 głosów"],
    ["fr", "moderation.done", { count: 1 }, "1 message modéré"],
    ["pl", "moderation.done", { count: 5 }, "5 wiadomości zmoderowanych"],
  ];
  for (const [lang, key, values, expected] of cases) {
    await t.step(`${lang} ${key} ${values.count}`, () => {
      assert.equal(translator(lang)(key, values), expected);
      // the islands' translator (lib/rules/dictionary.ts) chooses the same form
      const section = key.split(".")[0];
      const texts = resolvedDictionary(LOCALES, lang, [section]);
      assert.equal(dictionaryTranslator(texts, lang)(key, values), expected);
    });
  }
});
