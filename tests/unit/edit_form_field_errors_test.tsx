// The interaction edit form autosaves field by field: a message the server gives for any field it accepts
// must show under that field, tied to it for screen readers, not only in the toast.
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { I18nContext } from "../../framework/island.tsx";
import { translator } from "../../app/i18n.ts";
import { afterAnswer } from "../../lib/rules/field_errors.ts";
import { segmentUpdateSchema } from "../../lib/rules/segment_schema.ts";
import { DATA_ITEMS } from "../../lib/rules/constants.ts";
import type { SegmentJson } from "../../lib/segments/pages.ts";
import { GeneralSection } from "../../components/interactions/edit/GeneralSection.tsx";
import { DataSection } from "../../components/interactions/edit/DataSection.tsx";
import { OptionsSection } from "../../components/interactions/edit/OptionsSection.tsx";
import { AdvancedSection } from "../../components/interactions/edit/AdvancedSection.tsx";
import { AvailabilityFields } from "../../components/interactions/AvailabilityFields.tsx";

// set elsewhere than in these sections: the status by the page's actions, the look by the customisation
// editor, the choices by ChoicesField (its own test)
const NOT_HERE = ["status", "customed", "customisation", "choices"];

function render(type: string, errors: Record<string, string>): string {
  const seg = {
    id: 1,
    type,
    game_type: "answer",
    title: "Morning show",
    text: "",
    testimonial_demanded: true,
    delivery_option: "ftpclassic",
    gather_information: true,
    information_to_gather: Object.fromEntries(
      DATA_ITEMS.map((i) => [i, { active: false, mandatory: false }]),
    ),
    customisation: {},
    webview_version: "v2",
    from: "now",
    to: "permanent",
    start_date: null,
    end_date: null,
  } as unknown as SegmentJson;
  const set = () => {};
  return renderToString(
    <I18nContext.Provider value={{ t: translator("en"), lang: "en" }}>
      <GeneralSection
        seg={seg}
        set={set}
        staged={{ type, testimonial_demanded: true }}
        stage={set}
        saveStaged={set}
        dirty={false}
        allowedTypes={[type]}
        errors={errors}
      />
      <AvailabilityFields id="seg-availability" value={seg} onChange={set} errors={errors} />
      <DataSection seg={seg} set={set} locked={false} errors={errors} />
      <OptionsSection seg={seg} set={set} errors={errors} />
      <AdvancedSection seg={seg} set={set} errors={errors} />
    </I18nContext.Provider>,
  );
}

Deno.test("interaction edit form - every field the API accepts shows its message under it, tied by aria-describedby", () => {
  const fields = Object.keys(segmentUpdateSchema.shape).filter((f) => !NOT_HERE.includes(f));
  const errors = Object.fromEntries(fields.map((f) => [f, `message-for-${f}`]));
  const shown = new Set<string>();
  for (const type of ["message", "sms", "video", "game", "single_choice_question", "registration"]) {
    const html = render(type, errors);
    for (const [, id, text] of html.matchAll(/<span class="field-error" id="([^"]+)">([^<]+)<\/span>/g)) {
      const field = text.replace("message-for-", "");
      // the field (input, select, textarea or table) names the message among its descriptions
      const tied = new RegExp(`aria-describedby="[^"]*\\b${id}\\b[^"]*"`).test(html);
      assert.ok(tied, `${field}: no field is described by #${id}`);
      shown.add(field);
    }
  }
  assert.deepEqual(fields.filter((f) => !shown.has(f)), [], "fields whose message only the toast would say");
});

Deno.test("interaction edit form - an answer replaces the messages of the fields it sent, others stay", () => {
  const shown = { type: "Not offered here.", title: "Give it a title." };
  assert.deepEqual(afterAnswer(shown, ["title"], {}), { type: "Not offered here." });
  assert.deepEqual(afterAnswer(shown, ["gather_information"], { gather_information: "Login required." }), {
    type: "Not offered here.",
    title: "Give it a title.",
    gather_information: "Login required.",
  });
  assert.deepEqual(afterAnswer(shown, ["type", "testimonial_demanded"], { type: "Still not offered." }), {
    title: "Give it a title.",
    type: "Still not offered.",
  });
});
