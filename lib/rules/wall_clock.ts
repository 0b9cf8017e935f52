// The wall-clock reading of an instant in a time zone, the one place the platform asks Intl for it: the
// statistics' local minutes and the exports' dates are both written from it, and the times staff read (the
// audit log).

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
 * An instant as staff read it: DD/MM/YYYY HH:mm:ss in every language (the order the app shows its dates in,
 * back-office §9, and its date fields), on the clock of `timeZone`, the zone named after it so that it is
 * never taken for another zone's time; a zone this runtime does not know reads as UTC, said as such.
 * @example zonedDateTime(new Date("2026-07-14T12:05:00Z"), "Europe/Paris") // "14/07/2026 14:05:00 (Europe/Paris)"
 */
export function zonedDateTime(date: Date, timeZone: string): string {
  let zone = timeZone;
  let c: WallClock;
  try {
    c = wallClock(date, zone);
  } catch {
    zone = "UTC";
    c = wallClock(date, zone);
  }
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}:${c.second} (${zone})`;
}

// Dates and times as people read and type them in a form (back-office §9, visitor-widget §9): DD/MM/YYYY and
// a 24-hour HH:mm in every language, the order the app shows its dates in; a form still sends what a
// native field sends (YYYY-MM-DD, HH:mm), so the server reads the same values whatever the browser's locale.

/** A field holding a calendar day or a time of day. */
export type DateFieldKind = "date" | "time";

/** Why a typed text is not a value (field error codes, texts under `errors.`, lib/rules/field_errors.ts). */
export type DateFieldCode = "date_format" | "date_not_real" | "time_format";

/** The sections of texts a date or time field speaks with: its hints, its picker's button, its errors. */
export const DATE_FIELD_TEXTS = [
  "date_field",
  "errors.date_format",
  "errors.date_not_real",
  "errors.time_format",
  "errors.field_required",
];

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * What a field shows for the value a form sends: "2026-07-14" reads "14/07/2026", "14:05" reads "14:05";
 * "" (and anything that is not such a value) shows empty.
 * @example formatDateField("date", "2026-07-14") // "14/07/2026"
 */
export function formatDateField(kind: DateFieldKind, value: string): string {
  if (kind === "time") return /^\d{2}:\d{2}$/.test(value) ? value : "";
  const day = formatDay(value);
  return day === value ? "" : day;
}

/** A calendar day "YYYY-MM-DD" as the app writes dates in every language, DD/MM/YYYY (back-office §9). */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

const daysIn = (year: number, month: number) =>
  month === 2
    ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28)
    : [4, 6, 9, 11].includes(month)
    ? 30
    : 31;

/**
 * The value a form sends for a typed text: a day as DD/MM/YYYY (one-digit day or month, and "." or "-"
 * between them, accepted: 14.7.2026), a time as HH:mm (also 9:05, 14h05, 14h); "" for an empty field. A
 * two-digit year is refused, not guessed: 14/07/26 could be 1926 for a birthday and 2026 for a broadcast.
 * @example parseDateField("date", "14/07/2026") // { value: "2026-07-14" }
 * @example parseDateField("date", "31/02/2026") // { error: "date_not_real" }
 */
export function parseDateField(
  kind: DateFieldKind,
  text: string,
): { value: string; error?: never } | { value?: never; error: DateFieldCode } {
  const typed = text.trim();
  if (typed === "") return { value: "" };
  if (kind === "time") {
    const t = /^(\d{1,2})(?:[:hH.](\d{2})?)?$/.exec(typed);
    const [hour, minute] = t ? [Number(t[1]), Number(t[2] ?? 0)] : [NaN, NaN];
    if (!(hour <= 23 && minute <= 59)) return { error: "time_format" };
    return { value: `${pad2(hour)}:${pad2(minute)}` };
  }
  const d = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  if (!d) return { error: "date_format" };
  const [day, month, year] = [Number(d[1]), Number(d[2]), Number(d[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return { error: "date_not_real" };
  }
  return { value: `${d[3]}-${pad2(month)}-${pad2(day)}` };
}

/**
 * The instant a clock in `timeZone` shows `date` ("YYYY-MM-DD") at `time` ("HH:mm"), as ISO; in the hour a
 * clock skips in spring, the time it would read an hour later. Null for a value that is not a day.
 * @example zonedInstant("2026-07-14", "14:05", "Europe/Paris") // "2026-07-14T12:05:00.000Z"
 */
export function zonedInstant(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) return null;
  const [hour, minute] = /^\d{2}:\d{2}$/.test(time) ? time.split(":").map(Number) : [0, 0];
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), hour, minute);
  // the zone's offset at that moment, taken twice: the first guess may fall on the other side of a change
  const offsetAt = (ms: number) => {
    const w = wallClock(new Date(ms), timeZone);
    return Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second) - ms;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

/**
 * The day ("YYYY-MM-DD") and time ("HH:mm") a clock in `timeZone` shows at an ISO instant, as a form's
 * date and time fields hold them; both "" without an instant.
 * @example zonedFields("2026-07-14T12:05:00Z", "Europe/Paris") // { date: "2026-07-14", time: "14:05" }
 */
export function zonedFields(iso: string | null, timeZone: string): { date: string; time: string } {
  if (!iso) return { date: "", time: "" };
  const w = wallClock(new Date(iso), timeZone);
  return { date: `${w.year}-${w.month}-${w.day}`, time: `${w.hour}:${w.minute}` };
}
