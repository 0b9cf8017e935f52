import assert from "node:assert/strict";
import { LOCALES, translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";

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
