// The statistics dashboard's rules (/statistics): the period asked, its buckets, CSV and SVG charts.
// Pure; the SVG is text with every label escaped, so the page and the download share it.
import { csvNumber } from "./csv.ts";
import { wallClock } from "./wall_clock.ts";

/** The periods offered: last 7 days, 30 days, 12 months, or custom dates. */
export const STATISTICS_RANGES = ["7d", "30d", "12m", "custom"] as const;
export type StatisticsRange = typeof STATISTICS_RANGES[number];

/**
 * The period of a dashboard: the local days [start, end] of `timeZone`, as instants [from, to), bucketed
 * per day, or per hour when it is a single day.
 */
export interface Period {
  range: StatisticsRange;
  from: Date;
  to: Date;
  unit: "day" | "hour";
  /** The first and last days (YYYY-MM-DD, inclusive), for the form. */
  start: string;
  end: string;
  /** The day after `end` (exclusive bound of the rollups). */
  after: string;
  /** The IANA time zone of the channel, whose days these are. */
  timeZone: string;
}

const DAY_MS = 24 * 3600 * 1000;
const MAX_DAYS = 366 * 3;

/** The day `days` after a YYYY-MM-DD day. */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** True for an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/**
 * The IANA time zones this runtime knows, sorted, with UTC and `current` among them (a channel's saved zone
 * stays selectable).
 * @example timeZoneChoices("Europe/Paris").includes("America/New_York") // true
 */
export function timeZoneChoices(current = "UTC"): string[] {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ??
    [];
  return [...new Set([...known, "UTC", current])].filter(isTimeZone).sort();
}

/** The wall-clock date and time of an instant in a time zone, as "YYYY-MM-DDTHH:MM". */
export function localMinute(date: Date, timeZone: string): string {
  const t = wallClock(date, timeZone);
  return `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}`;
}

/**
 * The instant a local day starts in a time zone (midnight, or the first minute after a gap).
 * @example zonedDayStart("2026-07-01", "Europe/Paris").toISOString() // "2026-06-30T22:00:00.000Z"
 */
export function zonedDayStart(day: string, timeZone: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  let guess = utc;
  // two corrections reach the offset of the instant itself (it differs from midnight UTC's across a change)
  for (let i = 0; i < 2; i++) {
    const seen = Date.parse(`${localMinute(new Date(guess), timeZone)}:00Z`);
    guess += utc - seen;
  }
  return new Date(guess);
}

/**
 * The period of `?range=7d|30d|12m|custom&from=YYYY-MM-DD&to=YYYY-MM-DD` (dates inclusive, days of
 * `timeZone`); 30 days when absent or wrong; a custom period is put in order and kept within three years.
 * @example parsePeriod({ range: "custom", from: "2026-03-01", to: "2026-03-01" }, now).unit // "hour"
 */
export function parsePeriod(
  query: Record<string, string | undefined>,
  now: Date,
  timeZone = "UTC",
): Period {
  const range = (STATISTICS_RANGES as readonly string[]).includes(query.range ?? "")
    ? query.range as StatisticsRange
    : "30d";
  const today = localMinute(now, timeZone).slice(0, 10);
  const day = (text: string | undefined) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text ?? "") && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
      new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text
      ? text!
      : null;
  let start: string;
  let end = today;
  if (range === "custom" && (day(query.from) || day(query.to))) {
    let a = day(query.from) ?? day(query.to)!;
    let b = day(query.to) ?? a;
    if (a > b) [a, b] = [b, a];
    if ((Date.parse(b) - Date.parse(a)) / DAY_MS > MAX_DAYS) a = shiftDay(b, -MAX_DAYS);
    start = a;
    end = b;
  } else {
    start = shiftDay(today, -(range === "7d" ? 7 : range === "12m" ? 365 : 30) + 1);
  }
  const after = shiftDay(end, 1);
  return {
    range: range === "custom" && !day(query.from) && !day(query.to) ? "30d" : range,
    from: zonedDayStart(start, timeZone),
    to: zonedDayStart(after, timeZone),
    unit: start === end ? "hour" : "day",
    start,
    end,
    after,
    timeZone,
  };
}

/**
 * Every bucket of the period (YYYY-MM-DDTHH:MM in its time zone, as db/statistics.ts writes them) with
 * its count, the empty ones at 0, so a chart shows the quiet days too.
 */
export function fillSeries(
  period: Pick<Period, "from" | "to" | "unit" | "start" | "after" | "timeZone">,
  rows: { bucket: string; count: number }[],
): { bucket: string; count: number }[] {
  const counts = new Map(rows.map((r) => [r.bucket, r.count]));
  const buckets: string[] = [];
  if (period.unit === "day") {
    for (let d = period.start; d < period.after; d = shiftDay(d, 1)) buckets.push(`${d}T00:00`);
  } else {
    for (let t = period.from.getTime(); t < period.to.getTime(); t += 3600 * 1000) {
      const bucket = localMinute(new Date(t), period.timeZone).slice(0, 13) + ":00";
      if (buckets.at(-1) !== bucket) buckets.push(bucket); // the hour that repeats when clocks go back
    }
  }
  return buckets.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
}

/** The median of a number list, null when empty. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A day of a chart's axis, "YYYY-MM-DD…" as DD/MM (the app's day-month order in every language). */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** The abbreviation of "day" in each language (s, min and h are the same in all five). */
const DAY_UNIT: Record<string, string> = { fr: "j", en: "d", pt: "d", es: "d", pl: "d" };

/** A duration in seconds as "45 s", "12 min", "3 h 05", "2 d 4 h" ("2 j 4 h" in French). */
export function formatDuration(seconds: number, lang = "en"): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${String(Math.round((s % 3600) / 60)).padStart(2, "0")}`;
  return `${Math.floor(s / 86_400)} ${DAY_UNIT[lang] ?? "d"} ${Math.round((s % 86_400) / 3600)} h`;
}

/**
 * CSV text (RFC 4180: comma-separated, or `separator`, fields quoted when needed, CRLF), formulas
 * neutralised, decimals with the mark that goes with the separator (csvNumber).
 */
export function toCsv(header: string[], rows: (string | number)[][], separator = ","): string {
  const cell = (value: string | number) => {
    let text = typeof value === "number" ? csvNumber(value, separator) : value;
    // A spreadsheet runs a cell starting with = + - @ as a formula: a quote keeps it text.
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(separator)).join("\r\n") + "\r\n";
}

/** Text made safe inside SVG/XML. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** A chart's rows: a label and a value. */
export interface ChartRow {
  label: string;
  value: number;
}

const FONT = `font-family="system-ui, sans-serif"`;

/**
 * Vertical bars over time (participations per day or hour): at most ~8 axis labels so they stay
 * readable on a phone; the SVG scales to its container (viewBox, no fixed width).
 */
export function columnChartSvg(title: string, rows: ChartRow[]): string {
  const width = 400;
  const height = 200;
  const left = 36;
  const bottom = 28;
  const top = 12;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const plotW = width - left - 8;
  const plotH = height - top - bottom;
  const barW = rows.length ? plotW / rows.length : plotW;
  const every = Math.max(1, Math.ceil(rows.length / 6));
  const bars = rows.map((r, i) => {
    const h = (r.value / max) * plotH;
    const x = left + i * barW;
    return `<rect x="${x.toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${
      Math.max(1, barW - 1).toFixed(1)
    }" height="${h.toFixed(1)}" fill="#2f6fdf"><title>${escapeXml(r.label)}: ${r.value}</title></rect>`;
  });
  const labels = rows.map((r, i) =>
    i % every === 0
      ? `<text x="${(left + i * barW + barW / 2).toFixed(1)}" y="${
        height - 8
      }" font-size="12" text-anchor="middle" fill="#444">${escapeXml(r.label)}</text>`
      : ""
  );
  const grid = [0, 0.5, 1].map((f) => {
    const y = top + plotH - f * plotH;
    return `<line x1="${left}" x2="${width - 8}" y1="${y}" y2="${y}" stroke="#ddd"/>` +
      `<text x="${left - 4}" y="${y + 4}" font-size="12" text-anchor="end" fill="#444">${
        Math.round(f * max)
      }</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${
    escapeXml(title)
  }" ${FONT}><title>${escapeXml(title)}</title>${grid.join("")}${bars.join("")}${labels.join("")}</svg>`;
}

/** Line colours of the series of a line chart (cycled), with enough contrast on white. */
const SERIES_COLOURS = [
  "#2f6fdf",
  "#c2410c",
  "#15803d",
  "#7e22ce",
  "#b91c1c",
  "#0e7490",
  "#a16207",
  "#475569",
];

/**
 * Each choice's share of the votes of each day (percent, rounded to one decimal; 0 on a day without votes),
 * the days in order.
 * @example choiceShares([{ day: "2026-03-01", choice_id: 1, count: 3 }, { day: "2026-03-01", choice_id: 2, count: 1 }], [1, 2])
 * // [{ day: "2026-03-01", shares: [75, 25] }]
 */
export function choiceShares(
  rows: { day: string; choice_id: number; count: number }[],
  choiceIds: number[],
): { day: string; shares: number[] }[] {
  const days = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const day = days.get(r.day) ?? new Map<number, number>();
    day.set(r.choice_id, (day.get(r.choice_id) ?? 0) + r.count);
    days.set(r.day, day);
  }
  return [...days.keys()].sort().map((day) => {
    const counts = days.get(day)!;
    const total = choiceIds.reduce((s, id) => s + (counts.get(id) ?? 0), 0);
    return {
      day,
      shares: choiceIds.map((id) => total ? Math.round((1000 * (counts.get(id) ?? 0)) / total) / 10 : 0),
    };
  });
}

/** Lines of percentages over labelled points (a choice's share per day), with a legend under the plot. */
export function lineChartSvg(
  title: string,
  labels: string[],
  series: { name: string; values: number[] }[],
): string {
  const width = 400;
  const top = 12;
  const left = 36;
  const plotH = 150;
  const plotW = width - left - 12;
  const legendTop = top + plotH + 30;
  const height = legendTop + series.length * 18 + 4;
  const x = (i: number) => left + (labels.length > 1 ? (i * plotW) / (labels.length - 1) : plotW / 2);
  const y = (v: number) => top + plotH - (Math.max(0, Math.min(100, v)) / 100) * plotH;
  const grid = [0, 50, 100].map((v) =>
    `<line x1="${left}" x2="${width - 12}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>` +
    `<text x="${left - 4}" y="${y(v) + 4}" font-size="12" text-anchor="end" fill="#444">${v} %</text>`
  );
  const every = Math.max(1, Math.ceil(labels.length / 5));
  const ticks = labels.map((l, i) =>
    i % every === 0
      ? `<text x="${x(i).toFixed(1)}" y="${
        top + plotH + 18
      }" font-size="12" text-anchor="middle" fill="#444">${escapeXml(l)}</text>`
      : ""
  );
  const lines = series.map((s, n) => {
    const colour = SERIES_COLOURS[n % SERIES_COLOURS.length];
    const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const dots = s.values.map((v, i) =>
      `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${colour}"><title>${
        escapeXml(`${s.name}, ${labels[i]}: ${v} %`)
      }</title></circle>`
    );
    const legend =
      `<rect x="${left}" y="${legendTop + n * 18 - 9}" width="12" height="4" fill="${colour}"/>` +
      `<text x="${left + 18}" y="${legendTop + n * 18 - 4}" font-size="12" fill="#222">${
        escapeXml(s.name)
      }</text>`;
    return `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>${
      dots.join("")
    }${legend}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${
    escapeXml(title)
  }" ${FONT}><title>${escapeXml(title)}</title>${grid.join("")}${ticks.join("")}${lines.join("")}</svg>`;
}

/** Horizontal bars (by type, by interaction, by city): one row each, the value at the end of its bar. */
export function barChartSvg(title: string, rows: ChartRow[]): string {
  const width = 400;
  const rowH = 26;
  const height = Math.max(1, rows.length) * rowH + 8;
  const labelW = 170;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const clip = (s: string) => (s.length > 22 ? `${s.slice(0, 21)}…` : s);
  const items = rows.map((r, i) => {
    const y = 4 + i * rowH;
    const w = (r.value / max) * (width - labelW - 44);
    return `<text x="${labelW - 8}" y="${y + 17}" font-size="13" text-anchor="end" fill="#222">${
      escapeXml(clip(r.label))
    }</text><rect x="${labelW}" y="${y + 5}" width="${Math.max(1, w).toFixed(1)}" height="${
      rowH - 10
    }" rx="3" fill="#2f6fdf"/><text x="${(labelW + w + 6).toFixed(1)}" y="${
      y + 19
    }" font-size="14" fill="#222">${r.value}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${
    escapeXml(title)
  }" ${FONT}><title>${escapeXml(title)}</title>${items.join("")}</svg>`;
}

/** A half-circle gauge of value against goal, the percentage in its middle (capped at 100 % drawn). */
export function gaugeSvg(title: string, value: number, goal: number): string {
  const ratio = goal > 0 ? Math.min(1, value / goal) : 0;
  const r = 80;
  const cx = 100;
  const cy = 100;
  const angle = Math.PI * (1 - ratio);
  const x = cx + r * Math.cos(angle);
  const y = cy - r * Math.sin(angle);
  const arc = (toX: number, toY: number) =>
    `M ${cx - r} ${cy} A ${r} ${r} 0 0 1 ${toX.toFixed(1)} ${toY.toFixed(1)}`;
  const percent = goal > 0 ? Math.round((100 * value) / goal) : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 130" role="img" aria-label="${
    escapeXml(title)
  }" ${FONT}><title>${escapeXml(title)}</title><path d="${
    arc(cx + r, cy)
  }" fill="none" stroke="#e3e7ef" stroke-width="18"/>${
    ratio > 0 ? `<path d="${arc(x, y)}" fill="none" stroke="#1f9d55" stroke-width="18"/>` : ""
  }<text x="${cx}" y="${
    cy - 8
  }" font-size="26" font-weight="600" text-anchor="middle" fill="#222">${percent} %</text><text x="${cx}" y="${
    cy + 22
  }" font-size="13" text-anchor="middle" fill="#444">${value} / ${goal}</text></svg>`;
}

/**
 * A word cloud: the most used words first, larger the more texts hold them, laid out in centred lines
 * (readable, nothing overlaps); the SVG scales to its container. Each word carries its count as title.
 */
export function wordCloudSvg(title: string, words: { term: string; count: number }[]): string {
  const width = 400;
  const max = Math.max(1, ...words.map((w) => w.count));
  const min = Math.min(max, ...words.map((w) => w.count));
  const size = (count: number) => Math.round(15 + (max === min ? 10 : ((count - min) / (max - min)) * 21));
  const palette = ["#1f4fb4", "#2f6fdf", "#1f7a55", "#7a3fb4", "#b4521f"];
  const lines: {
    items: { term: string; count: number; size: number; w: number }[];
    width: number;
    h: number;
  }[] = [];
  for (const word of words) {
    const s = size(word.count);
    const w = Math.ceil(word.term.length * s * (s > 24 ? 0.66 : 0.6)) + 14;
    const line = lines.at(-1);
    if (line && line.width + w <= width - 8) {
      line.items.push({ ...word, size: s, w });
      line.width += w;
      line.h = Math.max(line.h, s);
    } else lines.push({ items: [{ ...word, size: s, w }], width: w, h: s });
  }
  let y = 6;
  let index = 0;
  const texts = lines.map((line) => {
    y += line.h + 6;
    let x = (width - line.width) / 2;
    return line.items.map((item) => {
      const out = `<text x="${
        (x + item.w / 2).toFixed(1)
      }" y="${y}" font-size="${item.size}" text-anchor="middle" fill="${palette[index++ % palette.length]}"${
        item.size > 24 ? ` font-weight="600"` : ""
      }><title>${escapeXml(item.term)}: ${item.count}</title>${escapeXml(item.term)}</text>`;
      x += item.w;
      return out;
    }).join("");
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${
    Math.max(40, y + 10)
  }" role="img" aria-label="${escapeXml(title)}" ${FONT}><title>${escapeXml(title)}</title>${
    texts.join("")
  }</svg>`;
}
