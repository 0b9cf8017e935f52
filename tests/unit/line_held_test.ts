import assert from "node:assert/strict";
import {
  HELD_LIST_LIMIT,
  HELD_NOTICE_KEYS,
  HELD_NOTICE_QUIET_MS,
  HELD_REASONS,
  heldNotice,
  heldReason,
} from "../../lib/rules/line_held.ts";
import { captionWithin } from "../../lib/rules/lines.ts";

const locales = Object.fromEntries(
  await Promise.all(
    ["en", "fr", "pt", "es", "pl"].map(async (l) => [
      l,
      JSON.parse(await Deno.readTextFile(new URL(`../../locales/${l}.json`, import.meta.url))),
    ]),
  ),
);
const textOf = (resources: unknown, key: string) =>
  key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], resources);

Deno.test("heldReason - each refusal of the interaction's rules is named for staff", () => {
  assert.equal(heldReason("segment_unavailable"), "closed");
  assert.equal(heldReason("participation_wrong_type"), "wrong_type");
  assert.equal(heldReason("already_received"), "limit_reached");
  assert.equal(heldReason("quiz_already_answered"), "limit_reached");
  assert.equal(heldReason("quiz_answers_closed"), "quiz_no_question");
  assert.equal(heldReason("quiz_not_opened"), "quiz_no_question");
  assert.equal(heldReason("text_too_long"), "refused");
  assert.equal(heldReason("quiz_invalid_choice"), "refused");
});

Deno.test("heldNotice - the widget's own text for the refusal, else the reason's", () => {
  const known = (key: string) => key !== "errors.unknown_thing";
  assert.deepEqual(heldNotice("refused", { code: "text_too_long", params: { max: 250 } }, known), {
    key: "errors.text_too_long",
    params: { max: 250 },
  });
  assert.deepEqual(heldNotice("limit_reached", { code: "quiz_already_answered" }, known), {
    key: "errors.quiz_already_answered",
    params: {},
  });
  assert.deepEqual(heldNotice("refused", { code: "unknown_thing" }, known), {
    key: "lines.held_notice",
    params: {},
  });
  // between a quiz's questions the widget's "too late" would be wrong before the first one
  assert.deepEqual(heldNotice("quiz_no_question", { code: "quiz_answers_closed" }, known), {
    key: "quiz.waiting",
    params: {},
  });
  assert.deepEqual(heldNotice("no_interaction", null, known), { key: "channels.widget_closed", params: {} });
  assert.deepEqual(heldNotice("limit_reached", null, known), {
    key: "widget.already_participated",
    params: {},
  });
});

Deno.test("held line messages - a notice a day per reason, a page of 200", () => {
  assert.equal(HELD_NOTICE_QUIET_MS, 86_400_000);
  assert.equal(HELD_LIST_LIMIT, 200);
});

Deno.test("held line messages - every notice and every reason reads in the five languages", () => {
  for (const [language, resources] of Object.entries(locales)) {
    for (const reason of HELD_REASONS) {
      const notice = textOf(resources, HELD_NOTICE_KEYS[reason]);
      assert.equal(typeof notice, "string", `${language} ${HELD_NOTICE_KEYS[reason]}`);
      const label = textOf(resources, `lines.held_reason_${reason}`);
      assert.equal(typeof label, "string", `${language} lines.held_reason_${reason}`);
      // a refusal names the interaction; a line feeding none, or a kind no interaction takes, has none to name
      if (reason !== "no_interaction" && reason !== "unsupported") {
        assert.match(label as string, /\{\{interaction\}\}/);
      }
    }
    for (const key of ["held_title", "held_intro", "held_empty", "held_open", "held_media_waiting"]) {
      assert.equal(typeof textOf(resources, `lines.${key}`), "string", `${language} lines.${key}`);
    }
  }
});

Deno.test("captionWithin - a caption over the text limit is cut with an ellipsis, never through an emoji", () => {
  assert.equal(captionWithin("short", 250), "short");
  assert.equal(captionWithin("x".repeat(250), 250), "x".repeat(250));
  assert.equal(captionWithin("abcdef", 4), "abc…");
  assert.equal(captionWithin("abc def", 5), "abc…", "no space before the ellipsis");
  // "ab😀c": cutting at 3 units would split the emoji's surrogate pair
  assert.equal(captionWithin("ab\u{1F600}cd", 4), "ab…");
  assert.equal(captionWithin("x".repeat(300), 250).length, 250);
});
