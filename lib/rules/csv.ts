// The separator of the CSV files staff download: French, Portuguese, Spanish and
// Polish Excel split columns on ";" (their decimal mark is ","), English Excel on ",". Pure.

/** The separators offered, by the name the export's `separator` query takes. */
export const CSV_SEPARATORS = { comma: ",", semicolon: ";" } as const;
export type CsvSeparator = keyof typeof CSV_SEPARATORS;

/** The separator asked for, else the one the user's language expects: "," in English, ";" otherwise. */
export function csvSeparatorFor(language: string, asked?: CsvSeparator | null): CsvSeparator {
  if (asked) return asked;
  return language.toLowerCase().split("-")[0] === "en" ? "comma" : "semicolon";
}

/** The separator the export menu offers besides the user's own. */
export function otherCsvSeparator(separator: CsvSeparator): CsvSeparator {
  return separator === "comma" ? "semicolon" : "comma";
}

/**
 * A number as a cell: with ";" between columns (the languages whose decimal mark is ",") a decimal is
 * written with a comma, so the spreadsheet reads a number, not text or a date.
 * @example csvNumber(12.5, ";") // "12,5"
 */
export function csvNumber(value: number, separator: string): string {
  const text = String(value);
  return separator === ";" ? text.replace(".", ",") : text;
}
