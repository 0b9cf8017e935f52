import assert from "node:assert/strict";
import { translator } from "../../app/i18n.ts";
import { analyse, audienceSection, inboxLink, resultsSection } from "../../lib/ai/analyst.ts";
import { detectIntent, questionLanguage } from "../../lib/ai/intent.ts";
import { voteOutcome } from "../../lib/ai/results.ts";
import { sentimentOf } from "../../lib/ai/sentiment.ts";
import { findThemes, keyPhrases } from "../../lib/ai/themes.ts";
import type { AiContext, AiMessage } from "../../lib/ai/types.ts";
import { messageMaker } from "./_ai.ts";

/** Messages of signed-in listeners (their author keyed `u<id>`). */
const msg = messageMaker(1, (id) => ({ author_key: `u${id}` }));

function context(messages: AiMessage[], extra: Partial<AiContext> = {}): AiContext {
  return {
    segment: { id: 7, title: "Test", type: "single_choice_question", text: null },
    choices: [],
    messages,
    total: messages.length,
    language: "en",
    timeZone: "UTC",
    ...extra,
  };
}

Deno.test("ai intent - the question's intent in the five languages", () => {
  const cases: [string, string][] = [
    ["Which choice won and by how much?", "results"],
    ["Quel choix a gagné et de combien ?", "results"],
    ["Qual opção ganhou e por quanto?", "results"],
    ["¿Qué opción ganó y por cuánto?", "results"],
    ["Która odpowiedź wygrała i jaką przewagą?", "results"],
    ["Summarise the negative feedback", "negative"],
    ["Résume les retours négatifs", "negative"],
    ["Resuma os comentários negativos", "negative"],
    ["Resume las quejas", "negative"],
    ["Podsumuj negatywne opinie", "negative"],
    ["What are the main themes?", "themes"],
    ["Quels sont les principaux thèmes ?", "themes"],
    ["Quais são os temas principais?", "themes"],
    ["¿Cuáles son los temas principales?", "themes"],
    ["Jakie są główne tematy?", "themes"],
    ["From which cities do they write, and at what hour?", "audience"],
    ["Quel est le sentiment général ?", "sentiment"],
    ["Résume", "summary"],
  ];
  for (const [question, intent] of cases) assert.equal(detectIntent(question), intent, question);
});

Deno.test("ai intent - the question's language, the fallback when nothing tells", () => {
  assert.equal(questionLanguage("Which choice won and by how much?", "fr"), "en");
  assert.equal(questionLanguage("Quel choix a gagné et de combien ?", "en"), "fr");
  assert.equal(questionLanguage("Qual opção ganhou e por quanto?", "fr"), "pt");
  assert.equal(questionLanguage("¿Qué opción ganó y por cuánto?", "fr"), "es");
  assert.equal(questionLanguage("Która odpowiedź wygrała i jaką przewagą?", "fr"), "pl");
  assert.equal(questionLanguage("Résultats", "pt"), "pt");
  assert.equal(questionLanguage("Lyon", "es"), "es");
});

Deno.test("ai results - winner, margin in points and votes, noise of one multinomial sample", () => {
  const clear = voteOutcome([{ id: 1, label: "A", count: 30 }, { id: 2, label: "B", count: 60 }, {
    id: 3,
    label: "C",
    count: 10,
  }], 100)!;
  assert.equal(clear.winner.label, "B");
  assert.equal(clear.second!.label, "A");
  assert.equal(clear.marginVotes, 30);
  assert.equal(Math.round(clear.marginPoints), 30);
  // sqrt((0.6 + 0.3 - 0.09) / 100) * 1.96 = 17.6 points
  assert.equal(Math.round(clear.noisePoints * 10) / 10, 17.6);
  assert.equal(clear.withinNoise, false);
  const close = voteOutcome([{ id: 1, label: "A", count: 52 }, { id: 2, label: "B", count: 48 }], 100)!;
  assert.equal(close.withinNoise, true);
  const tie = voteOutcome([{ id: 1, label: "A", count: 5 }, { id: 2, label: "B", count: 5 }], 10)!;
  assert.equal(tie.tie, true);
  assert.equal(voteOutcome([{ id: 1, label: "A", count: 0 }], 0), null);
});

Deno.test("ai results - the answer names the winner, the margin and the noise, in the question's language", () => {
  const choices = [{ id: 1, label: "Rock" }, { id: 2, label: "Jazz" }];
  const messages = [
    ...Array.from({ length: 70 }, () => msg({ choice_ids: [1] })),
    ...Array.from({ length: 30 }, () => msg({ choice_ids: [2] })),
  ];
  const md = resultsSection(context(messages, { choices }), translator("en")).join("\n");
  assert.match(md, /\*\*A\. Rock\*\* leads with \*\*70 %\*\* of voters \(70 votes\)/);
  assert.match(md, /\*\*40 points\*\*, that is \*\*40 votes\*\*/);
  assert.match(md, /Voters: \*\*100\*\*/);
  assert.match(md, /beyond the margin of error/);
  const fr = analyse(
    "Quel choix a gagné ?",
    context(messages, { choices, language: "fr" }),
    translator("fr"),
  );
  assert.match(fr, /\*\*A\. Rock\*\* arrive en tête avec \*\*70 %\*\*/);
});

Deno.test("ai sentiment - lexicons of the five languages, negation turns the sign", () => {
  const polarity = (text: string) => sentimentOf(text).polarity;
  assert.equal(polarity("C'est nul, trop de pub le matin"), "negative");
  assert.equal(polarity("Super émission, bravo à toute l'équipe"), "positive");
  assert.equal(polarity("This show is boring and terrible"), "negative");
  assert.equal(polarity("O programa é chato e péssimo"), "negative");
  assert.equal(polarity("El programa es aburrido"), "negative");
  assert.equal(polarity("Audycja jest nudna i beznadziejna"), "negative");
  assert.equal(polarity("Kocham tę audycję"), "positive");
  assert.equal(polarity("Je voudrais une dédicace pour ma sœur"), "neutral");
  // "nuit" is night here, not "harms" (AFINN's French list scores it -2)
  assert.notEqual(
    polarity("Bonjour, je suis infirmière de nuit, une dédicace pour l'équipe des urgences"),
    "negative",
  );
  assert.ok(sentimentOf("not good").score < 0);
  assert.ok(sentimentOf("good").score > 0);
});

Deno.test("ai themes - shared phrases weighted against the channel, named and grouped", () => {
  const texts = [
    "Trop de publicité le matin, c'est pénible",
    "Il y a trop de publicité entre les chansons",
    "Vivement le festival de Vienne cet été",
    "On sera au festival de Vienne samedi",
    "Le festival de Vienne, quelle ambiance",
    "Bonne journée à toute l'équipe",
  ];
  const background = ["Bonne journée à toute l'équipe", "Bonne journée", "Une dédicace pour maman"];
  assert.ok(keyPhrases("le festival de Vienne").has("festival de vienne"));
  const themes = findThemes(texts, background);
  const names = themes.map((t) => t.name.toLowerCase());
  assert.ok(names.some((n) => n.includes("festival")), names.join(", "));
  assert.ok(names.some((n) => n.includes("publicité")), names.join(", "));
  assert.ok(!names.some((n) => n.includes("journée")), names.join(", "));
  const festival = themes.find((t) => t.name.toLowerCase().includes("festival"))!;
  assert.deepEqual(festival.members, [2, 3, 4]);
});

Deno.test("ai analyst - negative feedback quoted with links to the inbox", () => {
  const messages = [
    msg({ text: "C'est nul, trop de publicité" }),
    msg({ text: "Émission ennuyeuse et décevante" }),
    msg({ text: "Bravo, super émission !" }),
    msg({ text: "Une dédicace pour Julie" }),
  ];
  const md = analyse("Résume les retours négatifs", context(messages, { language: "fr" }), translator("fr"));
  assert.match(md, /\*\*1\*\* positifs, \*\*2\*\* négatifs, \*\*1\*\* neutres/);
  assert.match(md, /### Retours négatifs \(2\)/);
  assert.ok(md.includes(`(${inboxLink(7, messages[0].id)})`), md);
  assert.ok(md.includes(`(${inboxLink(7, messages[1].id)})`), md);
  assert.ok(!md.includes("Bravo"), md);
});

Deno.test("ai analyst - who and where: new and returning participants, cities, hours", () => {
  const messages = [
    msg({ author_key: "u1", author_city: "Lyon", author_returning: true }),
    msg({ author_key: "u1", author_city: "Lyon", author_returning: true }),
    msg({ author_key: "u2", author_city: "Grenoble" }),
    msg({ author_key: "d3", author_city: "Lyon" }),
  ];
  const md = audienceSection(context(messages), translator("en")).join("\n");
  assert.match(md, /Participants: \*\*3\*\* — new: \*\*2\*\*, returning to the channel: \*\*1\*\*/);
  assert.match(md, /- Lyon: \*\*3\*\* participations\n- Grenoble: \*\*1\*\* participations/);
  assert.match(md, /08:00–09:00/);
});
