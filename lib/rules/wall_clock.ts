// The wall-clock reading of an instant in a time zone, the one place the platform asks Intl for it: the
// statistics' local minutes and the exports' dates are both written from it.

/** Year, month, day, hour, minute and second of `date` on a clock in `timeZone`, each as two digits (year four). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * What a clock in `timeZone` shows at `date` (24-hour).
 * @example wallClock(new Date("2026-03-01T08:00:00Z"), "Europe/Paris").hour // "09"
 */
export function wallClock(date: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).formatToParts(date).map((p) => [p.type, p.value]),
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
