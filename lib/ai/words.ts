// Word statistics of participations for the built-in analyst: pure functions.
import { STOP_WORDS } from "./stopwords.ts";

/** A word or two-word phrase and the number of participations that contain it. */
export interface Frequency {
  term: string;
  count: number;
}

/** Lower case without accents: the key words are compared by ("Été" → "ete"). */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

/** The words of a text, lower-cased, accents kept ("L'été, enfin!" → ["l", "été", "enfin"]). */
export function tokens(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
}

/** True for a word worth counting: 3 letters at least, not a number, not a stop word of the five languages. */
export function isMeaningful(word: string): boolean {
  const key = foldWord(word);
  return key.length >= 3 && !/^\p{N}+$/u.test(key) && !STOP_WORDS.has(key);
}

/**
 * The terms of each text (words, or pairs of adjacent meaningful words when `pairs`, an elided article between them kept) ranked by the
 * number of texts holding them, then alphabetically; a term is shown in its most frequent spelling.
 * @example frequentTerms(["Vive l'été", "L'été enfin"], 1) // [{ term: "été", count: 2 }]
 */
export function frequentTerms(texts: string[], limit: number, pairs = false, minCount = 1): Frequency[] {
  const counts = new Map<string, number>();
  const spellings = new Map<string, Map<string, number>>();
  for (const text of texts) {
    const words = tokens(text);
    const terms: string[] = [];
    for (let i = 0; i < words.length; i++) {
      if (!isMeaningful(words[i])) continue;
      if (!pairs) {
        terms.push(words[i]);
        continue;
      }
      // An elided article between two words stays in the phrase ("soleil d'août").
      const elided = words[i + 1]?.length === 1 ? `${words[i + 1]}'` : "";
      const next = words[i + (elided ? 2 : 1)];
      if (next && isMeaningful(next)) terms.push(`${words[i]} ${elided}${next}`);
    }
    const seen = new Set<string>();
    for (const term of terms) {
      const key = foldWord(term);
      const forms = spellings.get(key) ?? new Map<string, number>();
      forms.set(term, (forms.get(term) ?? 0) + 1);
      spellings.set(key, forms);
      if (seen.has(key)) continue;
      seen.add(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const spelling = (key: string) =>
    [...spellings.get(key)!.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  return [...counts.entries()]
    .filter(([, count]) => count >= minCount)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, count]) => ({ term: spelling(key), count }));
}

/**
 * True when the text holds the word (accents and case ignored); a word of 4 letters or more also
 * matches its longer forms ("vacance" finds "vacances").
 */
export function mentions(text: string, word: string): boolean {
  const wanted = foldWord(word);
  return tokens(text).some((t) => {
    const key = foldWord(t);
    return key === wanted || (wanted.length >= 4 && key.startsWith(wanted));
  });
}
