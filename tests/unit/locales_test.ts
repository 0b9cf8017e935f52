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
