import assert from "node:assert/strict";
import { LOCALES } from "../../app/i18n.ts";

// A line may break at an ordinary space: before ":" it leaves a lone ":" on the next line (at 375 px
// the results title did). French keeps its space, unbreakable; the others write none.
Deno.test("locales - titles never break before their final punctuation", () => {
  for (const [lang, texts] of Object.entries(LOCALES)) {
    const title = (texts.widget as Record<string, string>).results_title;
    assert.doesNotMatch(title, / [:;!?]$/, `${lang}: ${title}`);
    if (lang === "fr") assert.match(title, /\u00a0:$/);
  }
});
