// The calendar of /timeline (back-office §2 "Points of distribution"): periods and bar positions. Pure.

export type TimelineView = "week" | "month";
const DAY = 86_400_000;

/** The period shown for a view around a day (UTC): the Monday-to-Sunday week, or the calendar month. */
export function timelinePeriod(view: TimelineView, day: Date): { from: Date; to: Date; days: Date[] } {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  let from: Date, to: Date;
  if (view === "week") {
    from = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
    to = new Date(from.getTime() + 7 * DAY);
  } else {
    from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    to = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }
  const days: Date[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += DAY) days.push(new Date(t));
  return { from, to, days };
}

/** The day of the previous or next period, as YYYY-MM-DD. */
export function shiftPeriod(view: TimelineView, from: Date, step: -1 | 1): string {
  const d = view === "week"
    ? new Date(from.getTime() + step * 7 * DAY)
    : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + step, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Where a bar sits in the period, in percent of its width; null when it does not meet the period.
 * A null end runs to the end of the period (permanent).
 * @example barPosition(start, null, from, to) // { left: 25, width: 75, open: true }
 */
export function barPosition(
  start: Date,
  end: Date | null,
  from: Date,
  to: Date,
): { left: number; width: number; startsBefore: boolean; open: boolean } | null {
  const span = to.getTime() - from.getTime();
  const s = Math.max(start.getTime(), from.getTime());
  const e = Math.min(end ? end.getTime() : to.getTime(), to.getTime());
  if (e <= s) return null;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    left: round(((s - from.getTime()) / span) * 100),
    width: round(Math.max(((e - s) / span) * 100, 0.8)),
    startsBefore: start.getTime() < from.getTime(),
    open: !end || end.getTime() > to.getTime(),
  };
}

/** A valid view and day from the query, defaulting to this week. */
export function parseTimelineQuery(q: { view?: string; date?: string }, now: Date) {
  const view: TimelineView = q.view === "month" ? "month" : "week";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(q.date ?? "") && !Number.isNaN(Date.parse(q.date!))
    ? new Date(`${q.date}T00:00:00Z`)
    : now;
  return { view, day };
}
