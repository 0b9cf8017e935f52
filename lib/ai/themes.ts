// Themes of the participations: groups of messages sharing a key two- or three-word phrase, the phrases
// weighted against what the channel's other interactions say (a phrase everybody always writes, like
// "bonne journée", is no theme). Pure.
import { foldWord, isMeaningful, tokens } from "./words.ts";

/**
 * A theme: its name (the phrase as most often written), the indexes of its texts, and whether most of
 * them ask to play something (then the name is what they ask for, shown as song requests).
 */
export interface Theme {
  name: string;
  members: number[];
  request?: boolean;
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
/**
 * Verbs asking the station to play a song, folded ("play", "passer", "poner", "tocar", "puśćcie"): they
 * say the message is a request, not what it is about, so a phrase holding one ("play something") names
 * no theme; what is asked for does ("Ava Rose"), and the theme is then shown as song requests.
 */
const REQUESTING = new Set([
  "play",
  "replay",
  "passer",
  "passez",
  "repasser",
  "repassez",
  "mettre",
  "mettez",
  "remettre",
  "remettez",
  "jouer",
  "jouez",
  "poner",
  "pon",
  "poned",
  "ponga",
  "pongan",
  "poneis",
  "tocar",
  "toca",
  "tocad",
  "toque",
  "toquem",
  "toquen",
  "passar",
  "passem",
  "ponham",
  "pusc",
  "puscic",
  "pusccie",
  "zagrac",
  "zagraj",
  "zagrajcie",
]);
/**
 * Words standing for what is not said ("something", "quelque chose", "algo", "coś", "jakąś"): a phrase holding
 * one is a cut of a sentence, never a theme's name. Folded.
 */
const VAGUE = new Set([
  "something",
  "anything",
  "quelque",
  "quelquechose",
  "algo",
  "alguma",
  "algum",
  "coisa",
  "cos",
  "czegos",
  "cokolwiek",
  "jakas",
  "jakis",
  "jakies",
]);
/** Most of a theme's messages ask to play something for it to be song requests. */
const REQUEST_SHARE = 0.5;

/** True when the text asks to play something (a verb of REQUESTING). */
export function asksToPlay(text: string): boolean {
  return tokens(text).some((word) => REQUESTING.has(foldWord(word).replace(/ł/g, "l")));
}

/** True for a folded word about who writes, asking to play, or for what is not said: in no theme's name. */
function offTheSubject(folded: string): boolean {
  const word = folded.replace(/ł/g, "l");
  return ABOUT_THE_SENDER.has(word) || REQUESTING.has(word) || VAGUE.has(word);
}

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

/**
 * The words of a text as written (case kept), the first one lower-cased unless all capitals, each with what
 * joins it to the word before: a hyphen or an apostrophe written between them ("dix-huit", "aujourd'hui"),
 * else a space.
 */
function written(text: string): { words: string[]; joins: string[] } {
  const words: string[] = [];
  const joins: string[] = [];
  let end = 0;
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const gap = text.slice(end, m.index);
    joins.push(/^[-'’]$/.test(gap) ? gap : " ");
    words.push(m[0]);
    end = m.index + m[0].length;
  }
  if (words[0] && words[0] !== words[0].toUpperCase()) words[0] = words[0].toLowerCase();
  return { words, joins };
}

/** Words `at` to `at + size` of a text as written, joined as they are there. */
function spelling({ words, joins }: { words: string[]; joins: string[] }, at: number, size: number): string {
  return words.slice(at, at + size).map((word, k) => (k ? joins[at + k] : "") + word).join("");
}

/**
 * The key phrases of a text, folded, each once, with their spelling as written ("festival de
 * Vienne"): two meaningful words in a row, or three whose middle one joins them (JOINING);
 * single meaningful words too when `single`; none about who writes (ABOUT_THE_SENDER), none asking to
 * play (REQUESTING) and none holding a word for what is not said (VAGUE).
 */
export function keyPhrases(text: string, single = false): Map<string, string> {
  const words = tokens(text);
  const asWritten = written(text);
  const spelt = asWritten.words.length === words.length ? asWritten : { words, joins: words.map(() => " ") };
  const found = new Map<string, string>();
  const add = (at: number, size: number) => {
    const parts = words.slice(at, at + size).map(foldWord);
    if (parts.some(offTheSubject)) return;
    const key = parts.join(" ");
    if (GREETINGS.has(key)) return;
    if (!found.has(key)) found.set(key, spelling(spelt, at, size));
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
    const spelt = written(text).words;
    for (let i = 1; i + parts.length <= words.length; i++) {
      if (
        parts.every((p, k) => words[i + k] === p) && isMeaningful(words[i - 1]) &&
        !offTheSubject(words[i - 1])
      ) {
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
    const request = group.filter((i) => asksToPlay(texts[i])).length > REQUEST_SHARE * group.length;
    themes.push({
      name: withWordBefore(name, key, group.map((i) => texts[i])),
      members: group,
      ...(request ? { request } : {}),
    });
    for (const i of group) covered.add(i);
  }
  return themes;
}
