// Messages a presenter may read on air: no personal data, not trashed, not awaiting moderation; quoted
// with the author's nickname and the channel's local time.
import assert from "node:assert/strict";
import { translator } from "../../app/i18n.ts";
import { analyse } from "../../lib/ai/analyst.ts";
import { askedNumber, detectIntent } from "../../lib/ai/intent.ts";
import type { AiContext } from "../../lib/ai/types.ts";
import { messageMaker } from "./_ai.ts";
import { isSafeOnAir, personalDataIn } from "../../lib/rules/on_air.ts";

Deno.test("on air - personal data: e-mail addresses, phone numbers and street addresses of the five languages", () => {
  const cases: [string, string[]][] = [
    ["Écrivez-moi à julie.martin@gmail.com", ["email"]],
    ["Call me on 06 12 34 56 78", ["phone"]],
    ["Mon numéro : +33 6 12 34 56 78", ["phone"]],
    ["Ligue para 912-345-678", ["phone"]],
    ["J'habite au 12 rue des Lilas à Lyon", ["address"]],
    ["I live at 221B Baker Street", ["address"]],
    ["Moro na Rua Augusta 120", ["address"]],
    ["Vivo en la calle Mayor 14", ["address"]],
    ["Mieszkam na ul. Długa 5", ["address"]],
    // numbers that are no contact: a year, an answer, a count
    ["En 2024 on était là", []],
    ["Quiz : réponse 1984", []],
    ["On est 30 dans la salle, la place est pleine", []],
    ["Le 14 juillet place Bellecour", []],
  ];
  for (const [text, expected] of cases) assert.deepEqual(personalDataIn(text), expected, text);
});

Deno.test("on air - a message with words, no personal data, not trashed, not awaiting or refused by moderation", () => {
  assert.equal(isSafeOnAir({ text: "Bravo pour l'émission" }), true);
  assert.equal(isSafeOnAir({ text: "Bravo pour l'émission", moderation: "approved" }), true);
  assert.equal(isSafeOnAir({ text: "Bravo pour l'émission", moderation: "pending" }), false);
  assert.equal(isSafeOnAir({ text: "Bravo pour l'émission", moderation: "rejected" }), false);
  assert.equal(isSafeOnAir({ text: "Bravo pour l'émission", status: "trash" }), false);
  assert.equal(isSafeOnAir({ text: "Bravo, appelez-moi au 06 12 34 56 78" }), false);
  assert.equal(isSafeOnAir({ text: "  " }), false);
});

Deno.test("on air - the question's count, in digits or words of the five languages", () => {
  assert.equal(askedNumber("Three messages I could read on air"), 3);
  assert.equal(askedNumber("Cinq messages à lire à l'antenne"), 5);
  assert.equal(askedNumber("Resuma os comentários dos ouvintes em duas frases", "pt"), 2);
  assert.equal(askedNumber("Resume en dos frases", "es"), 2);
  assert.equal(askedNumber("Podsumuj w trzech zdaniach"), 3);
  assert.equal(askedNumber("Summarise in 40 words"), 40);
  assert.equal(askedNumber("Summarise the messages"), null);
  for (
    const q of [
      "Three messages I could read on air, with the author's nickname",
      "Trois messages que je pourrais lire à l'antenne",
      "Três mensagens que eu poderia ler no ar",
      "Tres mensajes que podría leer en antena",
      "Trzy wiadomości, które mogę przeczytać na antenie",
    ]
  ) assert.equal(detectIntent(q), "on_air", q);
});

const msg = messageMaker(500, (id) => ({
  author_city: "Lyon",
  author_name: `Auditeur${id}`,
  moderation: "none",
  created_at: new Date(Date.UTC(2026, 10, 3, 13, 5)),
}));

Deno.test("on air - the answer quotes safe messages with nickname and local time, and says what it left out", () => {
  const safe = [
    msg({ text: "Super émission ce matin, bravo à toute l'équipe", author_name: "Camille69" }),
    msg({ text: "Une dédicace pour ma sœur Julie qui fête ses 30 ans", author_name: "Zoé" }),
    msg({ text: "J'adore la chronique jardin du samedi matin", author_name: null }),
    msg({ text: "Bonjour de Grenoble, on vous écoute au bureau", author_name: "Marc" }),
  ];
  const unsafe = [
    msg({ text: "Super émission, rappelez-moi au 06 12 34 56 78", author_name: "Phone" }),
    msg({ text: "Bravo ! Mon adresse : paul.durand@example.org", author_name: "Mail" }),
    msg({ text: "Gagné ! Envoyez le lot au 4 rue des Lilas à Lyon", author_name: "Street" }),
    msg({ text: "Bravo pour cette belle émission du matin", moderation: "pending", author_name: "Pending" }),
    msg({ text: "Émission nulle, le son est horrible ce matin", author_name: "Grumpy" }),
  ];
  const context: AiContext = {
    segment: { id: 9, title: "Matinale", type: "message", text: null },
    choices: [],
    messages: [...safe, ...unsafe],
    total: 9,
    language: "fr",
    timeZone: "Europe/Paris",
  };
  const answer = analyse(
    "Trois messages que je pourrais lire à l'antenne, avec le pseudo",
    context,
    translator("fr"),
  );
  assert.match(answer, /### Messages à lire à l'antenne \(3\)/);
  const items = answer.split("\n").filter((l) => /^\d\. /.test(l));
  assert.equal(items.length, 3);
  for (const item of items) {
    // 13:05 UTC is 14:05 in Paris in November
    assert.match(item, /14:05/);
    assert.doesNotMatch(item, /13:05/);
  }
  assert.match(answer, /Camille69, Lyon, /);
  for (const name of ["Phone", "Mail", "Street", "Pending", "Grumpy"]) {
    assert.ok(!answer.includes(`${name},`), name);
  }
  assert.match(answer, /Choisis parmi 4 des 9 messages écrits : écartés, 3 contenant/);
  assert.match(answer, /1 en attente de modération ou refusés, 1 négatifs/);

  const five = analyse("Cinq messages à lire à l'antenne", context, translator("fr"));
  assert.match(five, /### Messages à lire à l'antenne \(4\)/, "never more than the safe ones");
});
