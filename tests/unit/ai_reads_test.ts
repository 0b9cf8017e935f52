// What the assistant says it read, in the inbox's words: the counts of its tabs, the empty ones left out,
// "the latest" only when it read fewer than the interaction holds; in each language.
import assert from "node:assert/strict";
import { translator } from "../../app/i18n.ts";
import { countByTab, readsSentence } from "../../lib/rules/ai_reads.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";

Deno.test("ai reads - said in the counts of the inbox's tabs", () => {
  const tabs = countByTab([{ tab: "all" }, { tab: "all" }, { tab: "archive" }, { tab: "all" }]);
  assert.deepEqual(tabs, { all: 3, archive: 1, moderated: 0 });
  const en = translator("en");
  assert.equal(
    readsSentence("ai.analyst.based_on", { total: 4, tabs }, en, "en"),
    "Based on 4 participations: 3 in “All participations” and 1 in “Archive”.",
  );
  assert.equal(
    readsSentence("ai.prompt_hint", { total: 9, tabs }, en, "en"),
    "The assistant reads the 4 latest participations of this interaction (9 in total): 3 in “All participations” and 1 in “Archive”.",
  );
  assert.equal(
    readsSentence("ai.analyst.based_on", { total: 4, tabs }, translator("fr"), "fr"),
    "D'après 4 participations : 3 dans « Toutes les participations » et 1 dans « Archives ».",
  );
  for (const language of LANGUAGES) {
    const t = translator(language);
    for (const key of ["ai.analyst.based_on", "ai.prompt_hint"] as const) {
      for (const total of [4, 9]) {
        const sentence = readsSentence(key, { total, tabs }, t, language);
        assert.ok(!/\{\{|ai\.|participations\.tabs/.test(sentence), `${language}: ${sentence}`);
        assert.ok(sentence.includes(t("participations.tabs.archive")), `${language}: ${sentence}`);
      }
    }
  }
});
