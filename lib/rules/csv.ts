// The separator of the CSV files staff download: French, Portuguese, Spanish and
// Polish Excel split columns on ";" (their decimal mark is ","), English Excel on ",". Pure.
import { wallClock } from "./wall_clock.ts";

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

/**
 * A date and time as a cell: the channel's local time, written DD/MM/YYYY HH:mm:ss (back-office's date
 * rule), which spreadsheets of the five languages read as a date, rather than an ISO instant in UTC.
 * @example csvDateTime(new Date("2026-03-01T08:00:00Z"), "Europe/Paris") // "01/03/2026 09:00:00"
 */
export function csvDateTime(date: Date, timeZone: string): string {
  const t = wallClock(date, timeZone);
  return `${t.day}/${t.month}/${t.year} ${t.hour}:${t.minute}:${t.second}`;
}

/**
 * A stored media path as a link a spreadsheet opens: relative paths get the platform's public address.
 * @example csvLink("/media/a.webm", "https://im.example.org") // "https://im.example.org/media/a.webm"
 */
export function csvLink(path: string | null | undefined, origin: string): string {
  if (!path) return "";
  return path.startsWith("/") ? origin.replace(/\/$/, "") + path : path;
}
