// Themes of the participations: groups of messages sharing a key two- or three-word phrase, the phrases
// weighted against what the channel's other interactions say (a phrase everybody always writes, like
// "bonne journée", is no theme). Pure.
import { foldWord, isMeaningful, tokens } from "./words.ts";

/** A theme: its name (the phrase as most often written), and the indexes of its texts. */
export interface Theme {
  name: string;
  members: number[];
}

const MAX_THEMES = 5;
/** A theme needs this many texts. */
const MIN_TEXTS = 2;
/** A phrase whose texts are mostly in a theme already is no new theme. */
const MAX_OVERLAP = 0.5;

/**
 * Words about who writes or what kind of message it is rather than what about: a phrase holding one
 * ("listener in Grenoble", "bonjour de Lyon", "pozdrowienia z Gdańska", "dédicace pour") names no
 * theme. Folded.
 */
const ABOUT_THE_SENDER = new Set([
  "listener",
  "listeners",
  "listening",
  "hello",
  "greetings",
  "auditeur",
  "auditeurs",
  "auditrice",
  "auditrices",
  "ecoute",
  "bonjour",
  "salut",
  "ouvinte",
  "ouvintes",
  "ouvir",
  "ola",
  "saudacoes",
  "oyente",
  "oyentes",
  "escucho",
  "hola",
  "saludos",
  "sluchacz",
  "sluchaczka",
  "sluchacze",
  "slucham",
  "czesc",
  "pozdrowienia",
  // what the message is (a dedication) rather than what it is about
  "dedication",
  "dedicace",
  "dedicacer",
  "dedicatoria",
  "dedykacja",
]);
/** Greetings of two words, folded: no theme either. */
const GREETINGS = new Set([
  "good morning",
  "good evening",
  "bonne journee",
  "bonne soiree",
  "bom dia",
  "boa tarde",
  "buenos dias",
  "buenas tardes",
  "dzien dobry",
]);

/**
 * The short words that may join two meaningful ones into a theme's name: prepositions and definite
 * articles ("festival de Vienne", "équipe des urgences", "carril del puerto"). A verb or an indefinite
 * article in the middle makes a fragment of a sentence ("tomates ont enfin", "souhaiter un joyeux").
 */
const JOINING = new Set([
  "de",
  "du",
  "des",
  "d",
  "la",
  "le",
  "les",
  "l",
  "au",
  "aux",
  "en",
  "a",
  "of",
  "the",
  "in",
  "on",
  "for",
  "at",
  "da",
  "do",
  "das",
  "dos",
  "na",
  "no",
  "nas",
  "nos",
  "em",
  "del",
  "el",
  "los",
  "las",
  "z",
  "ze",
  "w",
  "we",
  "dla",
  "o",
  "po",
  "przy",
]);

/** The words of a text as written (case kept), the first one lower-cased unless all capitals. */
function written(text: string): string[] {
  const words = text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  if (words[0] && words[0] !== words[0].toUpperCase()) words[0] = words[0].toLowerCase();
  return words;
}

/**
 * The key phrases of a text, folded, each once, with their spelling as written ("festival de
 * Vienne"): two meaningful words in a row, or three whose middle one joins them (JOINING);
 * single meaningful words too when `single`; none about who writes (ABOUT_THE_SENDER).
 */
export function keyPhrases(text: string, single = false): Map<string, string> {
  const words = tokens(text);
  const asWritten = written(text);
  const spelt = asWritten.length === words.length ? asWritten : words;
  const found = new Map<string, string>();
  const add = (at: number, size: number) => {
    const parts = words.slice(at, at + size).map(foldWord);
    if (parts.some((p) => ABOUT_THE_SENDER.has(p.replace(/ł/g, "l")))) return;
    const key = parts.join(" ");
    if (GREETINGS.has(key)) return;
    if (!found.has(key)) found.set(key, spelt.slice(at, at + size).join(" "));
  };
  for (let i = 0; i < words.length; i++) {
    if (!isMeaningful(words[i])) continue;
    if (single) add(i, 1);
    if (i + 1 < words.length && isMeaningful(words[i + 1])) add(i, 2);
    if (i + 2 < words.length && isMeaningful(words[i + 2]) && JOINING.has(foldWord(words[i + 1]))) add(i, 3);
  }
  return found;
}

/**
 * Up to five themes of `texts`, the strongest first: a phrase's weight is the number of texts holding
 * it times how much more often it comes here than in `background` (the channel's other texts, add-one
 * smoothed); a text may belong to several themes, but a phrase mostly covering a theme already found
 * adds none. Phrases of two or three words first; single words only when they find fewer than two.
 */
export function findThemes(texts: string[], background: string[]): Theme[] {
  const themes = pick(texts, background, false);
  return themes.length >= 2 ? themes : pick(texts, background, true);
}

/** Most of a theme's messages must share the word before its phrase for the name to take it. */
const WORD_BEFORE_SHARE = 0.6;

/**
 * The theme's name with the meaningful word most of its messages write just before it, when they do
 * ("cyclables à Grenoble" → "pistes cyclables à Grenoble"): the phrase alone can be a fragment.
 */
export function withWordBefore(name: string, key: string, texts: string[]): string {
  const parts = key.split(" ");
  const before = new Map<string, { count: number; spelling: string }>();
  for (const text of texts) {
    const words = tokens(text).map(foldWord);
    const spelt = written(text);
    for (let i = 1; i + parts.length <= words.length; i++) {
      if (parts.every((p, k) => words[i + k] === p) && isMeaningful(words[i - 1])) {
        const entry = before.get(words[i - 1]) ?? { count: 0, spelling: spelt[i - 1] ?? words[i - 1] };
        entry.count++;
        before.set(words[i - 1], entry);
        break;
      }
    }
  }
  const [best] = [...before.values()].sort((a, b) => b.count - a.count);
  return best && best.count >= 2 && best.count >= WORD_BEFORE_SHARE * texts.length && parts.length < 4
    ? `${best.spelling} ${name}`
    : name;
}

function pick(texts: string[], background: string[], single: boolean): Theme[] {
  const members = new Map<string, number[]>();
  const spellings = new Map<string, Map<string, number>>();
  texts.forEach((text, index) => {
    for (const [key, spelling] of keyPhrases(text, single)) {
      members.set(key, [...(members.get(key) ?? []), index]);
      const forms = spellings.get(key) ?? new Map<string, number>();
      forms.set(spelling, (forms.get(spelling) ?? 0) + 1);
      spellings.set(key, forms);
    }
  });
  const elsewhere = new Map<string, number>();
  for (const text of background) {
    for (const key of keyPhrases(text, single).keys()) {
      if (members.has(key)) elsewhere.set(key, (elsewhere.get(key) ?? 0) + 1);
    }
  }
  const weight = (key: string) => {
    const here = members.get(key)!.length;
    const rateHere = here / Math.max(1, texts.length);
    const rateThere = ((elsewhere.get(key) ?? 0) + 1) / (background.length + 1);
    // Longer phrases name a theme better than the words they hold.
    return here * Math.log(1 + rateHere / rateThere) * (1 + 0.25 * (key.split(" ").length - 1));
  };
  const candidates = [...members.keys()]
    .filter((key) => members.get(key)!.length >= MIN_TEXTS)
    .map((key) => ({ key, weight: weight(key) }))
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
  const themes: Theme[] = [];
  const covered = new Set<number>();
  for (const { key } of candidates) {
    if (themes.length >= MAX_THEMES) break;
    const group = members.get(key)!;
    const overlap = group.filter((i) => covered.has(i)).length / group.length;
    if (overlap > MAX_OVERLAP) continue;
    const name = [...spellings.get(key)!.entries()].sort((a, b) =>
      b[1] - a[1] || a[0].localeCompare(b[0])
    )[0][0];
    themes.push({ name: withWordBefore(name, key, group.map((i) => texts[i])), members: group });
    for (const i of group) covered.add(i);
  }
  return themes;
}
