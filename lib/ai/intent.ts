// What a staff question asks and in which language: keyword rules per language, pure.
import type { Language } from "../rules/i18n.ts";
import { STOP_WORDS_BY_LANGUAGE } from "./stopwords.ts";
import { foldWord, tokens } from "./words.ts";

/** What the built-in analyst answers: one kind of figures, or the general report. */
export type Intent =
  | "on_air"
  | "results"
  | "negative"
  | "positive"
  | "sentiment"
  | "themes"
  | "audience"
  | "summary";

/**
 * Keyword stems of each intent in the five languages, folded (lower case, no accents). A stem matches
 * a word of the question that starts with it; a stem with a space matches those words in a row.
 * The order of INTENTS breaks ties: the more specific question first.
 */
const KEYWORDS: Record<Exclude<Intent, "summary">, string[]> = {
  // "messages I could read on air", "à lire à l'antenne", "para ler no ar", "para leer en antena"
  on_air: ["on air", "antenn", "antena", "antenie", "no ar", "al aire", "en el aire"],
  results: [
    // fr
    "gagn",
    "vainqu",
    "remport",
    "resultat",
    "ecart",
    "en tete",
    "combien de voix",
    "quel choix",
    "classement",
    // en
    "won",
    "win",
    "result",
    "margin",
    "lead",
    "by how much",
    "which choice",
    "ranking",
    // pt
    "ganhou",
    "ganha",
    "vencedor",
    "venceu",
    "margem",
    "qual opcao",
    // es
    "gano",
    "ganador",
    "margen",
    "que opcion",
    "cual opcion",
    // pl
    "wygral",
    "wygrala",
    "wygrywa",
    "zwyciez",
    "wynik",
    "przewag",
    "ile glosow",
  ],
  negative: [
    "negati",
    "critiqu",
    "plainte",
    "plaign",
    "mecontent",
    "reproche",
    "pas content",
    "complain",
    "criticism",
    "unhappy",
    "dislike",
    "bad feedback",
    "reclama",
    "insatisf",
    "queja",
    "quejan",
    "negatyw",
    "krytyk",
    "skarg",
    "narzek",
    "niezadowol",
  ],
  positive: [
    "positi",
    "compliment",
    "eloge",
    "felicit",
    "praise",
    "elogi",
    "pozytyw",
    "pochwal",
  ],
  sentiment: [
    "sentiment",
    "ressent",
    "humeur",
    "ambiance",
    "mood",
    "feel",
    "tone",
    "sentimento",
    "sentimiento",
    "nastroj",
    "odczuc",
  ],
  themes: [
    "theme",
    "thematique",
    "sujet",
    "de quoi",
    "topic",
    "subject",
    "talk about",
    "talking about",
    "tema",
    "assunto",
    "asunto",
    "topico",
    "temat",
    "watk",
    "o czym",
  ],
  audience: [
    "ville",
    "heure",
    "d ou",
    "nouveau",
    "nouvel",
    "fidele",
    "habitue",
    "city",
    "cities",
    "where",
    "hour",
    "returning",
    "new listener",
    "new participant",
    "cidade",
    "hora",
    "onde",
    "novos",
    "ciudad",
    "donde",
    "nuevos",
    "miast",
    "gdzie",
    "godzin",
    "nowi",
    "nowych",
    "powracaj",
  ],
};
const INTENTS = ["on_air", "results", "negative", "positive", "sentiment", "themes", "audience"] as const;

/** The folded words of a text ("L'écart ?" → ["l", "ecart"]). */
function folded(text: string): string[] {
  return tokens(text).map(foldWord);
}

/** How many keywords of the list the folded words hold. */
function hits(words: string[], keywords: string[]): number {
  const line = ` ${words.join(" ")} `;
  return keywords.filter((k) => k.includes(" ") ? line.includes(` ${k}`) : words.some((w) => w.startsWith(k)))
    .length;
}

/**
 * What the question asks: the intent with the most keywords (ties: results, negative, positive,
 * sentiment, themes, audience), "summary" when none is found.
 * @example detectIntent("Which choice won and by how much?") // "results"
 */
export function detectIntent(question: string): Intent {
  const words = folded(question);
  let best: Intent = "summary";
  let most = 0;
  for (const intent of INTENTS) {
    const count = hits(words, KEYWORDS[intent]);
    if (count > most) [best, most] = [intent, count];
  }
  return best;
}

/** Numbers written as words in the five languages, from two (one is also an article: "un", "uma"). */
const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  [
    ["two", "deux", "dois", "duas", "dos", "dwa", "dwie", "dwoch"],
    ["three", "trois", "tres", "trzy", "trzech"],
    ["four", "quatre", "quatro", "cuatro", "cztery", "czterech"],
    ["five", "cinq", "cinco", "piec", "pieciu"],
    ["six", "seis", "szesc"],
    ["seven", "sept", "sete", "siete", "siedem"],
    ["eight", "huit", "oito", "ocho", "osiem"],
    ["nine", "neuf", "nove", "nueve", "dziewiec"],
    ["ten", "dix", "dez", "diez", "dziesiec"],
  ].flatMap((words, i) => words.map((w) => [w, i + 2])),
);

/**
 * The first number the question asks for, in digits or in words ("three messages", "em duas frases",
 * "w trzech zdaniach"), or null; `language` tells the words of two languages apart.
 * @example askedNumber("Summarise in two sentences") // 2
 */
export function askedNumber(question: string, language: Language = "en"): number | null {
  for (const word of folded(question).map((w) => w.replace(/ł/g, "l"))) {
    if (/^\d{1,4}$/.test(word)) return Number(word);
    // Portuguese "dos" is "of the", Spanish "dos" is two
    if (word === "dos" && language === "pt") continue;
    if (word in NUMBER_WORDS) return NUMBER_WORDS[word];
  }
  return null;
}

/** Words naming a length of answer: sentences, or words (folded stems of the five languages). */
const LENGTH_UNITS: { unit: "sentences" | "words"; stems: string[]; one: string[] }[] = [
  {
    unit: "sentences",
    stems: ["sentence", "phrase", "frase", "zdani"],
    // the singular forms: "in a sentence", "en une phrase", "w jednym zdaniu"
    one: ["sentence", "phrase", "frase", "zdaniu", "zdanie"],
  },
  {
    unit: "words",
    stems: ["word", "mot", "palavra", "palabra", "slow"],
    one: ["word", "mot", "palavra", "palabra"],
  },
];
const MAX_LENGTH = { sentences: 10, words: 300 };

/**
 * The length of answer a question asks ("in two sentences", "en 40 mots", "em duas frases", "w trzech
 * zdaniach"): a number next to a word of sentences or words, or one such word in the singular; null
 * when it asks none. At most 10 sentences or 300 words.
 * @example askedLength("Summarise the messages in two sentences", "en") // { unit: "sentences", count: 2 }
 */
export function askedLength(
  question: string,
  language: Language,
): { unit: "sentences" | "words"; count: number } | null {
  const words = folded(question).map((w) => w.replace(/ł/g, "l"));
  for (const { unit, stems, one } of LENGTH_UNITS) {
    const at = words.findIndex((w) => stems.some((s) => w.startsWith(s)) && w.length <= 10);
    if (at < 0) continue;
    // "mots" asks a length only with a number before it, or in the singular after "in a" ("en une phrase")
    const before = words.slice(Math.max(0, at - 2), at).join(" ");
    const number = askedNumber(before, language);
    if (number) return { unit, count: Math.min(MAX_LENGTH[unit], Math.max(1, number)) };
    if (one.includes(words[at]) && /\b(a|one|une|un|uma|um|una|jednym|jedno)$/.test(before)) {
      return { unit, count: 1 };
    }
  }
  return null;
}

/** Letters only one of the five languages uses (ç is French and Portuguese, so counts for neither). */
const LETTERS: [Language, RegExp][] = [
  ["pl", /[ąćęłńśźż]/giu],
  ["pt", /[ãõ]/giu],
  ["es", /[ñ¿¡]/giu],
  ["fr", /[èêëîœù]/giu],
];

/**
 * The language of a question: the one whose stop words and own letters it holds most; `fallback`
 * when nothing tells (a single word, a name).
 * @example questionLanguage("Quel choix a gagné ?", "en") // "fr"
 */
export function questionLanguage(question: string, fallback: Language): Language {
  const words = folded(question);
  const scores = new Map<Language, number>();
  for (
    const [language, stop] of Object.entries(STOP_WORDS_BY_LANGUAGE) as [Language, ReadonlySet<string>][]
  ) {
    scores.set(language, words.filter((w) => stop.has(w)).length);
  }
  for (const [language, letters] of LETTERS) {
    scores.set(language, (scores.get(language) ?? 0) + 2 * (question.match(letters)?.length ?? 0));
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked[0][1] === 0) return fallback;
  // A tie keeps the fallback when it is among the best, else the first of them.
  const best = ranked.filter((r) => r[1] === ranked[0][1]).map((r) => r[0]);
  return best.includes(fallback) ? fallback : best[0];
}
