// Which listeners' messages a presenter may read on air as they are: none that gives away how to
// reach or find someone (an e-mail address, a phone number, a street address), none in the trash,
// none awaiting or refused by moderation. Pure.

/** The kinds of personal data a message may hold. */
export type PersonalData = "email" | "phone" | "address";

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+/u;
/** Eight digits or more, grouped by spaces, dots, dashes or brackets, an international "+" allowed. */
const PHONE = /(?:\+|\b)\d(?:[\s.\-()]{0,2}\d){7,}\b/u;
/** A number then a street word, or a street word then a number, of the five languages. */
const STREET_WORDS = [
  // fr
  "rue",
  "avenue",
  "av",
  "boulevard",
  "bd",
  "chemin",
  "allée",
  "allee",
  "impasse",
  "place",
  "route",
  "quai",
  // en
  "street",
  "st",
  "road",
  "rd",
  "lane",
  "drive",
  "close",
  "way",
  // pt
  "rua",
  "avenida",
  "travessa",
  "largo",
  "praça",
  // es
  "calle",
  "c/",
  "avda",
  "plaza",
  "paseo",
  "camino",
  // pl
  "ulica",
  "ul",
  "aleja",
  "al",
  "plac",
  "osiedle",
  "os",
].join("|").replace(/\//g, "\\/");
const ADDRESS = new RegExp(
  `(?:\\b\\d{1,4}\\s*(?:bis|ter|[a-z])?,?\\s+(?:${STREET_WORDS})\\.?\\s+\\p{L})` +
    `|(?:(?:^|[\\s,(])(?:${STREET_WORDS})\\.?\\s+(?:\\p{L}[\\p{L}'’.-]*\\s+){1,4}\\d{1,4}\\b)` +
    // "221B Baker Street": the number, the name, then the street word
    `|(?:\\b\\d{1,4}[a-z]?\\s+(?:\\p{L}[\\p{L}'’.-]*\\s+){1,3}(?:street|st|road|rd|lane|drive|avenue)\\b)`,
  "iu",
);

/**
 * The personal data a text holds: an e-mail address, a phone number (eight digits or more), a street
 * address (a number next to "rue", "street", "rua", "calle", "ulica" and the like).
 * @example personalDataIn("Call me on 06 12 34 56 78") // ["phone"]
 */
export function personalDataIn(text: string): PersonalData[] {
  const found: PersonalData[] = [];
  if (EMAIL.test(text)) found.push("email");
  if (PHONE.test(text)) found.push("phone");
  if (ADDRESS.test(text)) found.push("address");
  return found;
}

/** What decides whether a message may be read on air. */
export interface OnAirCandidate {
  text: string;
  status?: string | null;
  moderation?: string | null;
}

/**
 * Whether a message may be read on air as it is: it has words, holds no personal data, is not in the
 * trash, and is neither awaiting nor refused by moderation.
 */
export function isSafeOnAir(message: OnAirCandidate): boolean {
  if (!message.text.trim()) return false;
  if (message.status === "trash") return false;
  if (message.moderation === "pending" || message.moderation === "rejected") return false;
  return personalDataIn(message.text).length === 0;
}
