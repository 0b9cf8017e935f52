import assert from "node:assert/strict";
import {
  allowedTypes,
  emptyInformation,
  gatherDisabled,
  hasChoices,
  normaliseInformation,
  segmentIssues,
  setGatherInformation,
  setItemActive,
  setItemMandatory,
  toggleSegmentConsent,
  wizardStepValid,
} from "../../lib/rules/segments.ts";
import { choiceLetter } from "../../lib/rules/votes.ts";

const state = {
  template_id: 1 as number | null,
  type: "single_choice_question",
  title: "Best song",
  choices: [{ label: "A song" }],
  start_date: "2026-01-01T00:00:00Z" as string | null,
};

Deno.test("segments - wizard step validity (§4)", async (t) => {
  await t.step("step 0 needs a template", () => {
    assert.equal(wizardStepValid(0, state), true);
    assert.equal(wizardStepValid(0, { ...state, template_id: null }), false);
  });
  await t.step("step 1 needs a title", () => {
    assert.equal(wizardStepValid(1, state), true);
    assert.equal(wizardStepValid(1, { ...state, title: "  " }), false);
  });
  await t.step("step 1 needs a choice for a vote or survey, not for voice", () => {
    assert.equal(wizardStepValid(1, { ...state, choices: [{ label: " " }] }), false);
    assert.equal(wizardStepValid(1, { ...state, type: "multiple_choice_question", choices: [] }), false);
    assert.equal(wizardStepValid(1, { ...state, type: "recording_question", choices: [] }), true);
  });
  await t.step("step 2 needs a start date; step 3 is always valid", () => {
    assert.equal(wizardStepValid(2, state), true);
    assert.equal(wizardStepValid(2, { ...state, start_date: null }), false);
    assert.equal(wizardStepValid(3, { ...state, template_id: null, title: "" }), true);
  });
});

Deno.test("segments - data collection and consent rules (§4)", async (t) => {
  const info = setItemActive(emptyInformation(), "email", true);
  await t.step("mandatory can be set on an active item", () => {
    assert.deepEqual(setItemMandatory(info, "email", true).email, { active: true, mandatory: true });
  });
  await t.step("mandatory cannot be set on an inactive item", () => {
    assert.deepEqual(setItemMandatory(info, "phone", true).phone, { active: false, mandatory: false });
  });
  await t.step("unchecking active clears mandatory", () => {
    const both = setItemMandatory(info, "email", true);
    assert.deepEqual(setItemActive(both, "email", false).email, { active: false, mandatory: false });
  });
  await t.step("gather_information off clears every item; on keeps them", () => {
    const both = setItemMandatory(info, "email", true);
    assert.deepEqual(setGatherInformation(both, false), {
      gather_information: false,
      information_to_gather: emptyInformation(),
    });
    assert.deepEqual(setGatherInformation(both, true).information_to_gather, both);
  });
  await t.step("normalising fills the six items and drops mandatory without active", () => {
    const out = normaliseInformation({ city: { active: false, mandatory: true }, age: { active: true } });
    assert.deepEqual(Object.keys(out), ["first_name", "name", "city", "phone", "email", "age"]);
    assert.deepEqual(out.city, { active: false, mandatory: false });
    assert.deepEqual(out.age, { active: true, mandatory: false });
    assert.deepEqual(normaliseInformation({ age: { active: true } }, false).age.active, false);
    assert.deepEqual(normaliseInformation("nonsense"), emptyInformation());
  });
  await t.step("gather-information is disabled when the customisation needs a connexion", () => {
    assert.equal(gatherDisabled({ with_connexion: true }), true);
    assert.equal(gatherDisabled({ with_connexion: false }), false);
    assert.equal(gatherDisabled(null), false);
  });
  await t.step("toggling a consent resets its checkbox option", () => {
    const c = { consent_checkbox: true, consent_checkbox_image_right: true, other: 1 };
    assert.deepEqual(toggleSegmentConsent("is_gdpr_consent", true, c), {
      on: true,
      customisation: { consent_checkbox: false, consent_checkbox_image_right: true, other: 1 },
    });
    assert.equal(
      toggleSegmentConsent("is_image_right_consent", false, c).customisation.consent_checkbox_image_right,
      false,
    );
  });
});

Deno.test("segments - title, choices and allowed types (§5, §6)", async (t) => {
  await t.step("the title is at most 100 characters", () => {
    const titleValid = (title: string) => segmentIssues({ ...state, title }).title === undefined;
    assert.equal(titleValid("x".repeat(100)), true);
    assert.equal(titleValid("x".repeat(101)), false);
  });
  await t.step("choices are lettered A, B, … and blank ones dropped", () => {
    // the edit form drops blank choices before saving; a segment's JSON letters the rest by position
    const kept = [{ label: "Yes" }, { label: " " }, { label: "No" }].filter((c) => c.label.trim() !== "");
    const out = kept.map((c, i) => ({ ...c, letter: choiceLetter(i) }));
    assert.deepEqual(out.map((c) => `${c.letter}:${c.label}`), ["A:Yes", "B:No"]);
  });
  await t.step("a choice type needs at least 2 choices; others none", () => {
    assert.deepEqual(segmentIssues({ ...state, choices: [{ label: "Only" }] }), {
      choices: "segment_choices_min",
    });
    assert.deepEqual(segmentIssues({ ...state, choices: [{ label: "A" }, { label: "B" }] }), {});
    assert.deepEqual(segmentIssues({ ...state, type: "recording_question", choices: [] }), {});
    assert.deepEqual(segmentIssues({ ...state, type: "game", game_type: "answer", choices: [] }), {
      choices: "segment_choices_min",
    });
    assert.deepEqual(segmentIssues({ ...state, type: "game", game_type: "registration", choices: [] }), {});
  });
  await t.step("a title is required and limited", () => {
    assert.equal(segmentIssues({ ...state, title: "" }).title, "segment_title_required");
    assert.equal(segmentIssues({ ...state, title: "x".repeat(101) }).title, "segment_title_too_long");
  });
  await t.step("hasChoices covers votes, surveys and quiz games", () => {
    assert.equal(hasChoices("single_choice_question"), true);
    assert.equal(hasChoices("game", "answer"), true);
    assert.equal(hasChoices("video"), false);
  });
  await t.step("the channel's flags decide the types", () => {
    assert.deepEqual(allowedTypes({ interaction_available_voice: true }), ["recording_question"]);
    assert.deepEqual(allowedTypes({ interaction_available_vote: true, interaction_available_video: true }), [
      "video",
      "single_choice_question",
      "multiple_choice_question",
    ]);
    assert.deepEqual(allowedTypes({ interaction_available_choice: true }), ["game"]);
    assert.deepEqual(allowedTypes({ interaction_available_registration: true }), ["registration", "game"]);
    assert.deepEqual(allowedTypes({ interaction_available_sms: true, interaction_available_text: true }), [
      "message",
      "sms",
    ]);
    assert.deepEqual(allowedTypes({}), []);
  });
});
