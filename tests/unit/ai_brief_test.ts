// "Summarise in two sentences", "en 40 mots": a summary of the length asked, in the question's language.
import assert from "node:assert/strict";
import { translator } from "../../app/i18n.ts";
import { analyse, complaintOf, summarySentences } from "../../lib/ai/analyst.ts";
import { askedLength } from "../../lib/ai/intent.ts";
import type { AiContext } from "../../lib/ai/types.ts";
import { messageMaker } from "./_ai.ts";
import type { Language } from "../../lib/rules/i18n.ts";

const make = messageMaker(1, (id) => ({ created_at: new Date(Date.UTC(2026, 10, 3, 7 + (id % 2), 5)) }));
const msg = (text: string, city = "Lyon") => make({ text, author_city: city });

function context(language: Language): AiContext {
  const texts = [
    "Trop de pub le matin, c'est pénible",
    "Il y a trop de pub entre les chansons, c'est nul",
    "Vivement le festival de Vienne cet été",
    "On sera au festival de Vienne samedi, génial",
    "Le festival de Vienne, quelle ambiance, bravo",
    "Bonne journée à toute l'équipe",
    "Super émission, merci",
    "J'adore la chronique jardin",
  ];
  return {
    segment: { id: 7, title: "Matinale", type: "message", text: null },
    choices: [],
    messages: texts.map((t, i) => msg(t, i % 3 ? "Lyon" : "Vienne")),
    total: texts.length,
    language,
    timeZone: "Europe/Paris",
    background: ["Bonne journée à toute l'équipe", "Bonne journée"],
  };
}

/** The summary paragraph of an answer: the line after its "###" heading. */
function paragraph(answer: string): string {
  const lines = answer.split("\n\n");
  return lines[lines.findIndex((l) => l.startsWith("### ")) + 1];
}
const sentences = (text: string) => text.split(/(?<=[.!?…])\s+/).filter(Boolean);
const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));

Deno.test("ai brief - the length asked, in sentences or words, in the five languages", () => {
  const cases: [string, Language, "sentences" | "words", number][] = [
    ["Summarise the messages in two sentences", "en", "sentences", 2],
    ["Résume les messages en deux phrases", "fr", "sentences", 2],
    ["Resuma as mensagens em duas frases", "pt", "sentences", 2],
    ["Resume los mensajes en dos frases", "es", "sentences", 2],
    ["Podsumuj wiadomości w dwóch zdaniach", "pl", "sentences", 2],
    ["Résume en une phrase", "fr", "sentences", 1],
    ["Podsumuj w trzech zdaniach", "pl", "sentences", 3],
    ["Summarise in 25 words", "en", "words", 25],
    ["Resume en 30 palabras", "es", "words", 30],
  ];
  for (const [question, language, unit, count] of cases) {
    assert.deepEqual(askedLength(question, language), { unit, count }, question);
    const answer = analyse(question, context(language), translator(language));
    const text = paragraph(answer);
    if (unit === "sentences") assert.equal(sentences(text).length, count, `${question}\n${text}`);
    else assert.ok(words(text).length <= count && words(text).length > count / 3, `${question}\n${text}`);
    assert.equal(answer.includes(translator(language)("ai.analyst.words")), false, "not the general report");
  }
  assert.equal(askedLength("Quels sont les mots les plus fréquents ?", "fr"), null);
});

Deno.test("ai brief - the sentences say what they talk about, the tone, the main complaint, in the question's language", () => {
  const fr = summarySentences(context("fr"), translator("fr"));
  assert.match(fr[0], /^Les auditeurs parlent surtout de festival de Vienne/);
  assert.match(fr[1], /^Le ton est surtout positif, avec 5 messages positifs et 2 négatifs sur 8\.$/);
  assert.match(fr[2], /^La principale critique porte sur (trop de )?pub \(2 messages\)\.$/);
  const pt = summarySentences(context("pt"), translator("pt"));
  assert.match(pt[1], /^O tom é sobretudo positivo/);
  assert.deepEqual(complaintOf(["Le son est horrible"], ["Le son est horrible", "Bravo"]), null);
});

Deno.test("ai brief - a first sentence longer than the words asked is cut", () => {
  const answer = analyse("Summarise in 3 words", context("en"), translator("en"));
  const text = paragraph(answer);
  assert.ok(text.endsWith("…"), text);
  assert.equal(words(text).length, 3);
});

Deno.test("ai sentiment answer - says how it reads: negation, intensifier and 'but', in the five languages", () => {
  const words: Record<Language, RegExp> = {
    en: /a negation turns .*"very" strengthens it, what follows "but" counts more/,
    fr: /une négation inverse .*« très » le renforce, ce qui suit « mais » compte davantage/,
    pt: /uma negação inverte .*«muito» reforça-o, o que vem depois de «mas» conta mais/,
    es: /una negación invierte .*«muy» lo refuerza, lo que sigue a «pero» cuenta más/,
    pl: /przeczenie odwraca .*„bardzo” je wzmacnia, to, co po „ale”, liczy się bardziej/,
  };
  for (const [language, method] of Object.entries(words) as [Language, RegExp][]) {
    const answer = analyse(
      "Quel est le sentiment ? mood nastrój sentimento sentimiento",
      context(language),
      translator(language),
    );
    assert.match(answer, method, language);
  }
});
