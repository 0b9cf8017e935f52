// The sentiment of listeners' messages in the five languages, measured on labelled sets written for the
// station (tests/fixtures/sentiment/): recall and precision of negative and of positive, printed per
// language; goal ≥ 0.85 each. unseen.txt was written after the word lists were set and never used to
// adjust them: its share right tells whether the rules hold beyond the set they were read against.
import assert from "node:assert/strict";
import { SENTIMENT_THRESHOLD, sentimentOf } from "../../lib/ai/sentiment.ts";
import { type Language, LANGUAGES } from "../../lib/rules/i18n.ts";

type Label = "positive" | "negative" | "neutral";
const LABELS: Record<string, Label> = { "+": "positive", "-": "negative", "0": "neutral" };

function labelled(lines: string): { label: Label; text: string }[] {
  return lines.split("\n").filter((l) => /^[-+0] /.test(l)).map((l) => ({
    label: LABELS[l[0]],
    text: l.slice(2),
  }));
}

function set(language: Language) {
  return labelled(Deno.readTextFileSync(new URL(`../fixtures/sentiment/${language}.txt`, import.meta.url)));
}

/** Recall and precision of one side: how many of its messages are found, how many found are of it. */
function measure(rows: { label: Label; got: Label }[], side: Label) {
  const found = rows.filter((r) => r.got === side).length;
  const right = rows.filter((r) => r.got === side && r.label === side).length;
  const wanted = rows.filter((r) => r.label === side).length;
  return { recall: right / wanted, precision: found ? right / found : 0 };
}

Deno.test("sentiment set - recall and precision of negative and positive are at least 0.85 in each language", () => {
  const lines: string[] = [];
  const low: string[] = [];
  for (const language of LANGUAGES) {
    const messages = set(language);
    assert.ok(messages.length >= 100, `${language}: ${messages.length} messages`);
    for (const label of ["positive", "negative", "neutral"] as const) {
      assert.ok(messages.filter((m) => m.label === label).length >= 25, `${language}: ${label}`);
    }
    const rows = messages.map((m) => ({ ...m, got: sentimentOf(m.text, language).polarity }));
    const negative = measure(rows, "negative");
    const positive = measure(rows, "positive");
    const f = (v: number) => v.toFixed(2);
    lines.push(
      `${language} (${messages.length}): negative recall ${f(negative.recall)} precision ${
        f(negative.precision)
      }, positive recall ${f(positive.recall)} precision ${f(positive.precision)}`,
    );
    for (const [name, value] of Object.entries({ negative, positive })) {
      if (value.recall < 0.85) low.push(`${language} ${name} recall ${f(value.recall)}`);
      if (value.precision < 0.85) low.push(`${language} ${name} precision ${f(value.precision)}`);
    }
    for (const r of rows) if (r.got !== r.label) lines.push(`  missed (${r.label} read ${r.got}): ${r.text}`);
  }
  console.log(lines.join("\n"));
  assert.deepEqual(low, []);
});

Deno.test("sentiment set - messages never used to set the word lists are read right at least 85 % of the time", () => {
  const rows = Deno.readTextFileSync(new URL("../fixtures/sentiment/unseen.txt", import.meta.url)).split("\n")
    .filter((l) => /^[a-z]{2} [-+0] /.test(l))
    .map((l) => {
      const language = l.slice(0, 2) as Language;
      return { label: LABELS[l[3]], got: sentimentOf(l.slice(5), language).polarity };
    });
  assert.ok(rows.length >= 60);
  const right = rows.filter((r) => r.got === r.label).length;
  console.log(
    `unseen messages: ${right}/${rows.length} right (${Math.round((100 * right) / rows.length)} %)`,
  );
  assert.ok(right / rows.length >= 0.85);
});

Deno.test("sentiment rules - a negation turns the words after it in its clause, not beyond", () => {
  assert.equal(sentimentOf("not good", "en").polarity, "negative");
  assert.equal(sentimentOf("Nie podoba mi się", "pl").polarity, "negative");
  assert.equal(sentimentOf("Não gostei do programa", "pt").polarity, "negative");
  assert.equal(sentimentOf("No me gusta", "es").polarity, "negative");
  // "didn't", "can't": the n't is a negation
  assert.equal(sentimentOf("I didn't enjoy it", "en").polarity, "negative");
  // the comma ends the negation's reach
  assert.equal(sentimentOf("Je ne sais pas, génial", "fr").polarity, "positive");
  // a negation word is no feeling of its own (AFINN-pl lists "nie")
  assert.equal(sentimentOf("Nie wiem", "pl").score, 0);
});

Deno.test("sentiment rules - a negated negative word is a milder praise, a French trailing 'pas' turns the verb", () => {
  for (
    const [text, language] of [["not bad", "en"], ["pas mal", "fr"], ["nada mal", "es"], [
      "nada mal",
      "pt",
    ]] as const
  ) {
    const { score, polarity } = sentimentOf(text, language);
    assert.equal(polarity, "positive", text);
    assert.ok(
      score < -sentimentOf(text.split(" ")[1], language).score,
      `${text}: milder than the word turned`,
    );
  }
  assert.equal(sentimentOf("Nie najgorsza", "pl").polarity, "positive");
  assert.equal(sentimentOf("J'aime pas", "fr").polarity, "negative");
  // "pas terrible" says poor, though "terrible" alone is no complaint in French
  assert.equal(sentimentOf("Pas terrible", "fr").polarity, "negative");
  assert.equal(sentimentOf("C'est terrible", "fr").polarity, "neutral");
});

Deno.test("sentiment rules - an intensifier strengthens, a softener weakens, 'but' weighs what follows", () => {
  const pairs: [string, string, Language][] = [
    ["very good", "good", "en"],
    ["vraiment nul", "nul", "fr"],
    ["muito aborrecido", "aborrecido", "pt"],
    ["muy malo", "malo", "es"],
    ["bardzo dobra", "dobra", "pl"],
  ];
  for (const [strong, plain, language] of pairs) {
    assert.equal(sentimentOf(strong, language).score, 1.5 * sentimentOf(plain, language).score, strong);
  }
  assert.equal(sentimentOf("un peu long", "fr").score, 0.5 * sentimentOf("long", "fr").score);
  assert.equal(sentimentOf("Good idea but the sound is awful", "en").polarity, "negative");
  assert.equal(sentimentOf("Le son est mauvais mais quelle émission magnifique", "fr").polarity, "positive");
});

Deno.test("sentiment rules - one mild word is no opinion, greetings and dedications are none", () => {
  assert.equal(SENTIMENT_THRESHOLD, 1.5);
  assert.equal(sentimentOf("When is the next free concert?", "en").polarity, "neutral");
  for (
    const [text, language] of [
      ["Saludos desde Zaragoza", "es"],
      ["Pozdrowienia z Gdańska", "pl"],
      ["Bom dia a todos", "pt"],
      ["A dedication for my sister", "en"],
    ] as const
  ) assert.equal(sentimentOf(text, language).polarity, "neutral", text);
});

Deno.test("sentiment rules - stems read the inflected forms, a message is read in the channel's language when its own says nothing", () => {
  for (const form of ["rozczarowany", "rozczarowana", "rozczarowujące"]) {
    assert.equal(sentimentOf(form, "pl").polarity, "negative", form);
  }
  // reads as Spanish by its words ("desde"), where "horrível" means nothing
  assert.equal(sentimentOf("O som está horrível desde segunda", "pt").polarity, "negative");
});
