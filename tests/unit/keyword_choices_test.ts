// Several choices in one SMS or WhatsApp text: how "B D", "B,D", "2 4" and labels are read, and what is refused.
import assert from "node:assert/strict";
import { keywordChoices } from "../../lib/rules/lines.ts";

const BANDS = [
  { id: 11, label: "Rolling Stones" },
  { id: 12, label: "Queen" },
  { id: 13, label: "AC/DC" },
  { id: 14, label: "Téléphone" },
];

Deno.test("keywordChoices - letters, numbers and labels with any separator give the choices", async (t) => {
  const cases: [string, number[]][] = [
    ["B D", [12, 14]],
    ["B,D", [12, 14]],
    ["b;d.", [12, 14]],
    ["2 4", [12, 14]],
    ["2,4", [12, 14]],
    ["d + b", [12, 14]],
    ["B and D", [12, 14]],
    ["b et d", [12, 14]],
    ["VOTE b d", [12, 14]],
    ["queen telephone", [12, 14]],
    ["Queen, 4", [12, 14]],
    ["A C", [11, 13]],
  ];
  for (const [text, ids] of cases) {
    await t.step(JSON.stringify(text), () => assert.deepEqual(keywordChoices(text, BANDS), ids));
  }
});

Deno.test("keywordChoices - a label holding a space or a separator is one choice", () => {
  assert.deepEqual(keywordChoices("rolling stones queen", BANDS), [11, 12]);
  assert.deepEqual(keywordChoices("Queen Rolling   Stones", BANDS), [11, 12]);
  assert.deepEqual(keywordChoices("AC/DC, Rolling Stones", BANDS), [11, 13]);
  assert.deepEqual(keywordChoices("Rolling Stones", BANDS), [11], "the whole text first: one choice");
  // "Rolling" alone is no choice: the text is refused rather than read as part of it
  assert.equal(keywordChoices("rolling queen", BANDS), null);
});

Deno.test("keywordChoices - a choice said twice counts once, in the question's order", () => {
  assert.deepEqual(keywordChoices("D B B 4 d", BANDS), [12, 14]);
  assert.deepEqual(keywordChoices("2 B queen", BANDS), [12]);
});

Deno.test("keywordChoices - an out-of-range number or an unknown word refuses the whole text", () => {
  assert.equal(keywordChoices("2 9", BANDS), null);
  assert.equal(keywordChoices("B Z", BANDS), null);
  assert.equal(keywordChoices("0 1", BANDS), null);
  assert.equal(keywordChoices("24", BANDS), null);
  assert.equal(keywordChoices("B maybe D", BANDS), null);
  assert.equal(keywordChoices("and B", BANDS), null, "a text cannot start with 'and'");
  assert.equal(keywordChoices("", BANDS), null);
  assert.equal(keywordChoices(" , ; ", BANDS), null);
});

Deno.test("keywordChoices - one choice reads as keywordChoice does", () => {
  assert.deepEqual(keywordChoices("vote c", BANDS), [13]);
  assert.deepEqual(keywordChoices("3", BANDS), [13]);
  assert.deepEqual(keywordChoices("telephone!", BANDS), [14]);
  // "e" is the fifth letter, not Portuguese "and": a quiz of five choices reads it as a choice
  const five = [...BANDS, { id: 15, label: "Muse" }];
  assert.deepEqual(keywordChoices("b e d", five), [12, 14, 15]);
});

Deno.test("keywordChoices - a long text of known words ending in an unknown one is refused at once", () => {
  // "la la" and "la" split a run of 80 "la" in Fibonacci(80) ways: without remembering the words from which
  // no reading ends, this text would never be answered
  const labels = [{ id: 1, label: "La" }, { id: 2, label: "La la" }, { id: 3, label: "Do" }];
  assert.equal(keywordChoices("la ".repeat(80) + "si", labels), null);
  assert.deepEqual(keywordChoices("la ".repeat(80) + "do", labels), [2, 3], "the longest label first");
});
