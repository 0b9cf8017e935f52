// Date helpers of the availability fields: local date and time inputs <-> ISO strings. Pure.

import { formatDateField, zonedFields } from "../../lib/rules/wall_clock.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** The local "YYYY-MM-DD" of an ISO date, or "". */
export function dateInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local "HH:mm" of an ISO date, or "". */
export function timeInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO date of a local date and time ("" time = 00:00), or null when the date is empty or invalid. */
export function fromInputs(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [h, m] = /^\d{2}:\d{2}$/.test(time) ? time.split(":").map(Number) : [0, 0];
  const [y, mo, d] = date.split("-").map(Number);
  const out = new Date(y, mo - 1, d, h, m);
  return Number.isNaN(out.getTime()) ? null : out.toISOString();
}

/**
 * The weekdays (Sunday first) of the product's languages, as Intl names them: the first date formatter a
 * page makes loads the browser's calendar and time zone data, a hundred milliseconds of a phone's main thread
 * in the middle of the inbox's hydration. Another language asks Intl.
 */
const WEEKDAYS: Record<string, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  fr: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
  es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
  pt: ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"],
  pl: ["niedziela", "poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota"],
};

/**
 * Dates shown as weekday DD/MM/YYYY -HH:mm (back-office §9), on the clock of `timeZone` when given (the
 * channel's, on which they were typed), else on the browser's.
 */
export function formatDateTime(iso: string | null, lang: string, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  const locale = lang === "technical" ? "en" : lang;
  if (timeZone) {
    const { date, time } = zonedFields(iso, timeZone);
    const [y, m, day] = date.split("-").map(Number);
    const weekday = WEEKDAYS[locale]?.[new Date(Date.UTC(y, m - 1, day)).getUTCDay()] ??
      d.toLocaleDateString(locale, { weekday: "long", timeZone });
    return `${weekday} ${formatDateField("date", date)} -${time}`;
  }
  const weekday = WEEKDAYS[locale]?.[d.getDay()] ?? d.toLocaleDateString(locale, { weekday: "long" });
  return `${weekday} ${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} -${pad(d.getHours())}:${
    pad(d.getMinutes())
  }`;
}
