// The wall-clock reading of an instant in a time zone, the one place the platform asks Intl for it: the
// statistics' local minutes and the exports' dates are both written from it, and the times staff read (the
// audit log) in their language.

/** Year, month, day, hour, minute and second of `date` on a clock in `timeZone`, each as two digits (year four). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** A date and a 24-hour time to the second, each part on two digits (the year whole). */
const TO_THE_SECOND: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

/**
 * What a clock in `timeZone` shows at `date` (24-hour).
 * @example wallClock(new Date("2026-03-01T08:00:00Z"), "Europe/Paris").hour // "09"
 */
export function wallClock(date: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, ...TO_THE_SECOND }).formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/**
 * An instant as staff read it: date and time to the second in their language (the technical one reads
 * as English), on the clock of `timeZone`, the zone named after it so that it is never taken for another
 * zone's time; a zone this runtime does not know reads as UTC, said as such.
 * @example zonedDateTime(new Date("2026-07-14T12:05:00Z"), "fr", "Europe/Paris") // "14/07/2026 14:05:00 (Europe/Paris)"
 */
export function zonedDateTime(date: Date, lang: string, timeZone: string): string {
  const options = TO_THE_SECOND;
  const locale = lang === "technical" ? "en" : lang;
  let zone = timeZone;
  let text: string;
  try {
    text = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }).format(date);
  } catch {
    zone = "UTC";
    text = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }).format(date);
  }
  return `${text} (${zone})`;
}
