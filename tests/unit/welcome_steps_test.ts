import assert from "node:assert/strict";
import { welcomeSteps } from "../../lib/rules/welcome_steps.ts";
import { translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";

Deno.test("welcome steps - each role is told only what its permissions allow", () => {
  assert.deepEqual(welcomeSteps({ role: "operator" }), ["interactions", "participations", "moderation"]);
  assert.deepEqual(welcomeSteps({ role: "administrator" }), [
    "create",
    "interactions",
    "participations",
    "moderation",
    "customisation",
    "users",
  ]);
  assert.deepEqual(welcomeSteps({ role: "super_administrator" }), [
    "media",
    "create",
    "interactions",
    "participations",
    "moderation",
    "customisation",
    "users",
    "help_items",
  ]);
});

Deno.test("welcome steps - every step and the list's title are written in all five languages", () => {
  const steps = welcomeSteps({ role: "super_administrator" });
  for (const language of LANGUAGES) {
    const t = translator(language);
    for (const key of ["help.steps_title", "help.steps_hint", ...steps.map((s) => `help.steps.${s}`)]) {
      const text = t(key);
      assert.ok(text && text !== key, `${language} ${key}`);
      if (language !== "fr") assert.notEqual(text, translator("fr")(key), `${language} ${key} is its own`);
    }
  }
});
