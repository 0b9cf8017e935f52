// Themes named by a readable phrase as listeners write it, never by words about who writes; the main
// complaint surfaced with its messages.
import assert from "node:assert/strict";
import { translator } from "../../app/i18n.ts";
import { analyse } from "../../lib/ai/analyst.ts";
import { findThemes, keyPhrases, withWordBefore } from "../../lib/ai/themes.ts";
import { messageMaker } from "./_ai.ts";

const make = messageMaker(
  1,
  (id) => ({ author_city: "Grenoble", created_at: new Date(Date.UTC(2026, 10, 3, 9, id % 60)) }),
);
const msg = (text: string) => make({ text });

const ALBUM = [
  "Listener in Grenoble here, the latest album is a masterpiece",
  "Listener in Grenoble, I bought the latest album on Friday",
  "I'm a listener in Grenoble and the latest album is too short",
  "Hello from Lyon, the latest album sounds great in the car",
  "The sound on your stream is awful this morning",
  "Awful sound again, it keeps cutting",
  "The sound cuts every five minutes, so annoying",
  "Have a nice day everyone",
];

Deno.test("ai themes - named as written, never by words about who writes", () => {
  assert.equal(keyPhrases("Vivement le festival de Vienne").get("festival de vienne"), "festival de Vienne");
  assert.equal(keyPhrases("Festival de Vienne samedi").get("festival de vienne"), "festival de Vienne");
  assert.equal(keyPhrases("Listener in Grenoble here").has("listener in grenoble"), false);
  assert.equal(keyPhrases("Pozdrowienia z Gdańska").size, 0);
  assert.equal(keyPhrases("Good morning Leeds").has("good morning"), false);
  assert.equal(keyPhrases("Dédicacer la prochaine chanson").has("dedicacer la prochaine"), false);
  // three words only when a preposition or an article joins them, not a verb or "un"
  assert.equal(keyPhrases("Les tomates ont enfin poussé").has("tomates ont enfin"), false);
  assert.equal(keyPhrases("Pour souhaiter un joyeux anniversaire").has("souhaiter un joyeux"), false);
  assert.equal(keyPhrases("Pour l'équipe des urgences").get("equipe des urgences"), "équipe des urgences");
  // a hyphen or an apostrophe written between two words stays in the name ("dix-huit", not "dix huit")
  assert.equal(keyPhrases("Ma fille fête ses dix-huit ans").get("dix huit"), "dix-huit");
  assert.equal(keyPhrases("Joyeux anniversaire, Rock'n'roll forever").get("roll forever"), "roll forever");
  assert.equal(keyPhrases("Bonjour Lyon, Vienne").get("lyon vienne"), "Lyon Vienne");
  // a fragment takes the word its messages write before it
  assert.equal(
    withWordBefore("cyclables à Grenoble", "cyclables a grenoble", [
      "Les pistes cyclables à Grenoble sont dangereuses",
      "Des pistes cyclables à Grenoble, enfin",
      "Cyclables à Grenoble ?",
    ]),
    "pistes cyclables à Grenoble",
  );
  assert.equal(
    withWordBefore("latest album", "latest album", ["the latest album", "your latest album"]),
    "latest album",
  );
  const names = findThemes(ALBUM, ["Have a nice day", "Play some rock"]).map((t) => t.name);
  assert.equal(names[0], "latest album");
  assert.ok(!names.some((n) => /listener|hello/i.test(n)), names.join(", "));
});

Deno.test("ai themes - the main complaint is surfaced with its messages", () => {
  const messages = ALBUM.map(msg);
  const answer = analyse("What are the main themes?", {
    segment: { id: 4, title: "Album", type: "message", text: null },
    choices: [],
    messages,
    total: messages.length,
    language: "en",
    timeZone: "Europe/Paris",
    background: ["Have a nice day", "Play some rock"],
  }, translator("en"));
  const lines = answer.split("\n");
  assert.match(lines.find((l) => l.startsWith("- **"))!, /^- \*\*latest album\*\* — 4 messages/);
  const complaint = lines.findIndex((l) => l.startsWith("- Main complaint: "));
  assert.ok(complaint > 0, answer);
  assert.match(lines[complaint], /\*\*sound\*\* — 3 negative messages/);
  assert.match(lines[complaint + 1], /awful/i);
});

Deno.test("ai themes - requests to play are named by what they ask for, as song requests", () => {
  assert.equal(keyPhrases("Could you play something by Ava Rose?").has("play something"), false);
  assert.equal(keyPhrases("¿Podéis poner algo de Ava Rose?").has("algo de ava"), false);
  assert.equal(keyPhrases("Could you play something by Ava Rose?").get("ava rose"), "Ava Rose");
  const messages = [
    "Could you play something by Ava Rose?",
    "Please play something by Ava Rose for my sister",
    "Play something by Léa Marin please",
    "Stuck in a traffic jam again",
    "Another traffic jam near the bridge",
  ].map(msg);
  const context = {
    segment: { id: 5, title: "Requests", type: "message", text: null },
    choices: [],
    messages,
    total: messages.length,
    language: "en",
    timeZone: "Europe/Paris",
    background: ["Ava Rose live in Lyon", "I love the new single by Ava Rose"],
  };
  const themes = analyse("What are the main themes?", context, translator("en"));
  assert.match(themes, /^- \*\*Song requests: Ava Rose\*\* — 2 messages$/m);
  const brief = analyse("Summarise the messages in one sentence", context, translator("en"));
  assert.match(
    brief,
    /Listeners talk most about (song requests \(Ava Rose\) and traffic jam|traffic jam and song requests \(Ava Rose\))\./,
  );
  const french = analyse(
    "Quels sont les principaux thèmes ?",
    { ...context, language: "fr" },
    translator("fr"),
  );
  assert.match(french, /^- \*\*Demandes de chansons : Ava Rose\*\* — 2 messages$/m);
});
