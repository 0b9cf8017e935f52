// Availability of a segment (back-office §2 availability panel, §4 "Date rules"): pure, shared by the
// API (which enforces the rules) and the islands (which apply them as the user edits).
import { DEFAULT_END_DAYS, MIN_AVAILABILITY_GAP_MS } from "./constants.ts";

export type FromMode = "now" | "programmed";
export type ToMode = "scheduled" | "permanent";

/** The four fields of the availability panel. A null end means indefinite. */
export interface Availability {
  from: FromMode;
  to: ToMode;
  start: Date | null;
  end: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const GAP = MIN_AVAILABILITY_GAP_MS;
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** The start moved: at or after the end (or less than 1 h before it), the end becomes start + 1 h. */
export function moveStart(a: Availability, start: Date): Availability {
  const end = a.end && a.end.getTime() - start.getTime() < GAP ? plus(start, GAP) : a.end;
  return { ...a, start, end };
}

/** The end moved: at or before the start (or less than 1 h after it), the start becomes end − 1 h. */
export function moveEnd(a: Availability, end: Date): Availability {
  const start = a.start && end.getTime() - a.start.getTime() < GAP ? plus(end, -GAP) : a.start;
  return { ...a, to: "scheduled", start, end };
}

/** From changed: 'now' sets the start to the current time (the end follows when too close). */
export function setFrom(a: Availability, from: FromMode, now: Date): Availability {
  if (from === "now") return { ...moveStart(a, now), from };
  return { ...a, from, start: a.start ?? now };
}

/** Up to changed: permanent clears the end; scheduled sets it to 7 days from now (≥ start + 1 h). */
export function setTo(a: Availability, to: ToMode, now: Date): Availability {
  if (to === "permanent") return { ...a, to, end: null };
  const week = plus(now, DEFAULT_END_DAYS * DAY_MS);
  const end = a.start && week.getTime() - a.start.getTime() < GAP ? plus(a.start, GAP) : week;
  return { ...a, to, end };
}

/**
 * The stored availability after an edit, with every rule applied (the server's view): permanent has no
 * end, scheduled has one, and start and end are at least 1 h apart.
 */
export function normaliseAvailability(a: Availability, now: Date): Availability {
  let out = { ...a };
  if (out.to === "permanent") out.end = null;
  else if (!out.end) out = setTo(out, "scheduled", now);
  if (out.start && out.end && out.end.getTime() - out.start.getTime() < GAP) out.end = plus(out.start, GAP);
  return out;
}

export type AvailabilityLabel = "finished" | "active" | "programmed" | "not_completed" | "trashed";

/** The colour of each availability label (list badge, timeline). */
export const AVAILABILITY_COLORS: Record<AvailabilityLabel, string> = {
  active: "#17693a",
  programmed: "#1f5fa8",
  finished: "#5f6673",
  not_completed: "#9a4510",
  trashed: "#a3262a",
};

/**
 * The availability label of a segment: trashed in the trash (whatever its dates: listeners no longer reach
 * it), not_completed for a draft or without a start, finished once the end has passed (or archived),
 * programmed before the start, active otherwise.
 * @example availabilityOf({status:"ready", start_date: tomorrow, end_date: null}, now) // programmed
 */
export function availabilityOf(
  segment: { status: string; start_date: Date | string | null; end_date: Date | string | null },
  now: Date,
): { label: AvailabilityLabel; color: string } {
  const label = availabilityLabel(segment, now);
  return { label, color: AVAILABILITY_COLORS[label] };
}

function availabilityLabel(
  s: { status: string; start_date: Date | string | null; end_date: Date | string | null },
  now: Date,
): AvailabilityLabel {
  if (s.status === "trash") return "trashed";
  if (s.status === "draft" || !s.start_date) return "not_completed";
  if (s.status === "archived") return "finished";
  if (s.end_date && new Date(s.end_date).getTime() <= now.getTime()) return "finished";
  if (new Date(s.start_date).getTime() > now.getTime()) return "programmed";
  return "active";
}

/**
 * The moment an interaction opens, in the listener's language and the channel's time zone (UTC when the
 * zone is unknown).
 * @example openingText("2026-12-24T17:30:00Z", "en", "Europe/Paris") // "Thursday, December 24, 2026 at 6:30 PM"
 */
export function openingText(at: string, lang: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: "full", timeStyle: "short" };
  try {
    return new Intl.DateTimeFormat(lang, { ...options, timeZone }).format(new Date(at));
  } catch {
    return new Intl.DateTimeFormat(lang, { ...options, timeZone: "UTC" }).format(new Date(at));
  }
}
