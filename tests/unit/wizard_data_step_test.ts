import assert from "node:assert/strict";
import { CONTACT_ITEMS } from "../../lib/rules/constants.ts";
import {
  collectsContact,
  emptyInformation,
  setItemActive,
  templateGameType,
  wizardSteps,
  wizardStepValid,
} from "../../lib/rules/segments.ts";

const state = {
  template_id: 9,
  type: "game",
  title: "Two seats to win",
  choices: [],
  start_date: "2026-01-01T00:00:00Z",
  information_to_gather: emptyInformation(),
};

Deno.test("wizard steps - a registration, a draw, a quiz and an SMS game ask which data they collect", () => {
  for (const type of ["registration", "game", "sms"]) {
    assert.deepEqual(wizardSteps(type), ["template", "settings", "data", "availability", "summary"], type);
  }
  for (const type of ["single_choice_question", "recording_question", "video", "message", ""]) {
    assert.deepEqual(wizardSteps(type), ["template", "settings", "availability", "summary"], type);
  }
});

Deno.test("wizard steps - the data step needs an e-mail address or a phone number", () => {
  assert.deepEqual(CONTACT_ITEMS, ["email", "phone"]);
  assert.equal(wizardStepValid("data", state), false);
  const named = setItemActive(setItemActive(emptyInformation(), "first_name", true), "name", true);
  assert.equal(wizardStepValid("data", { ...state, information_to_gather: named }), false);
  assert.equal(collectsContact(null), false);
  for (const item of ["email", "phone"] as const) {
    const info = setItemActive(emptyInformation(), item, true);
    assert.equal(collectsContact(info), true, item);
    assert.equal(wizardStepValid("data", { ...state, information_to_gather: info }), true, item);
  }
});

Deno.test("wizard steps - steps given by number keep the four steps of the types that collect nothing", () => {
  assert.equal(wizardStepValid(2, state), true, "step 2 is the availability: a start date");
  assert.equal(wizardStepValid(2, { ...state, start_date: null }), false);
  assert.equal(wizardStepValid("availability", { ...state, start_date: null }), false);
});

Deno.test("wizard steps - a draw takes entries (no answers to write), a quiz has a right answer", () => {
  assert.equal(templateGameType({ type: "game", widget_model: "game_draw" }), "registration");
  assert.equal(templateGameType({ type: "game", widget_model: "game_quiz" }), "answer");
  assert.equal(templateGameType({ type: "registration", widget_model: "registration_form" }), "answer");
});
