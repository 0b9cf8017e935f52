import assert from "node:assert/strict";
import { LOCALES } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function lookup(resources: unknown, key: string): unknown {
  return key.split(".").reduce((node: unknown, part) => (node as Record<string, unknown>)?.[part], resources);
}

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

Deno.test("locales - every key exists in all five languages", () => {
  const all = new Set(LANGUAGES.flatMap((lng) => keys(LOCALES[lng])));
  for (const lng of LANGUAGES) {
    const own = new Set(keys(LOCALES[lng]));
    const missing = [...all].filter((k) => !own.has(k));
    assert.deepEqual(missing, [], `${lng}.json lacks ${missing.length} key(s)`);
  }
});

Deno.test("locales - no text is empty and interpolations match the French ones", () => {
  for (const lng of LANGUAGES) {
    for (const key of keys(LOCALES[lng])) {
      const text = lookup(LOCALES[lng], key);
      assert.equal(typeof text, "string", `${lng}:${key} is not a string`);
      assert.ok((text as string).length > 0, `${lng}:${key} is empty`);
      const reference = lookup(LOCALES.fr, key);
      if (typeof reference === "string") {
        assert.deepEqual(
          variables(text as string),
          variables(reference),
          `${lng}:${key} interpolations differ`,
        );
      }
    }
  }
});

// Texts a Portuguese, Spanish or Polish page may share with the English or French one: names, units,
// protocols, and words that are the same in that language. Any other copy is a text left untranslated
// (a review of the five languages found "Vous avez déjà participé…" in every language, and "Pseudo").
const SAME_EVERYWHERE = [
  " - Admin",
  "Account SID", // the provider's own name of the field, as its console shows it
  "{{n}} pts",
  "{{name}} {{n}}", // the second player of one name on air ("Listener · Lyon 2"): a number after the name
  "Beta",
  "FTP",
  "FTP / FTPS",
  "HTTP",
  "Id",
  "Interaction Manager",
  "MP3 192 kbit/s",
  "MP3 320 kbit/s",
  "Netia",
  "Podcast / stream (−16 LUFS)",
  "Pro",
  "Quiz",
  "REC",
  "SFTP (SSH)",
  "SMS",
  "TV",
  "Webview",
  "WhatsApp",
  "{{count}} / {{target}}",
  "{{count}}/100",
  "{{lufs}} LUFS",
  "{{word}} ({{count}})",
];
const SAME_IN: Record<string, string[]> = {
  pt: [
    "Bucket",
    "E-mail",
    "Login",
    "Menu principal",
    "Média",
    "Permanente",
    "Visual",
    "WAV 48 kHz, 16 bits",
    "WAV 48 kHz, 24 bits",
    "Webhooks",
    "Widget",
  ],
  es: [
    "Bucket",
    "Demo",
    "Error",
    "General",
    "No",
    "Permanente",
    "Radio",
    "Visual",
    "WAV 48 kHz, 16 bits",
    "WAV 48 kHz, 24 bits",
    "Webhooks",
    "Widget",
  ],
  pl: [
    "Administrator",
    "Demo",
    "E-mail",
    "Folder",
    "Login",
    "Logo",
    "Operator",
    "Port",
    "Profil",
    "Radio",
    "Ranking",
    "Region",
    "Status",
    "Test",
  ],
};

Deno.test("locales - no Portuguese, Spanish or Polish text is a copy of the English or French one", () => {
  for (const lng of ["pt", "es", "pl"] as const) {
    const allowed = new Set([...SAME_EVERYWHERE, ...SAME_IN[lng]]);
    const copies = keys(LOCALES[lng]).filter((key) => {
      const text = lookup(LOCALES[lng], key) as string;
      const copied = text === lookup(LOCALES.en, key) || text === lookup(LOCALES.fr, key);
      return copied && /\p{L}{2}/u.test(text) && !allowed.has(text);
    });
    assert.deepEqual(copies, [], `${lng}.json has texts left in English or French`);
  }
});

Deno.test("locales - no English text is a copy of a French sentence", () => {
  const copies = keys(LOCALES.en).filter((key) => {
    const text = lookup(LOCALES.en, key) as string;
    return text === lookup(LOCALES.fr, key) && text.split(" ").length >= 4 &&
      !SAME_EVERYWHERE.includes(text) &&
      !/^[{*]/.test(text);
  });
  assert.deepEqual(copies, []);
});
