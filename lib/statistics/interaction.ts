// One interaction's statistics panel: its participations over time and, for choices, the
// votes of each, as charts with their data; the word cloud of its texts (stop words of the five
// languages left out) with the list of words as its text alternative.
import type { Sql } from "postgres";
import { traceChannel, traced } from "../platform/tracing.ts";
import { channelTimeZone, segmentStatistics } from "../../db/statistics.ts";
import { frequentTerms } from "../ai/words.ts";
import type { TFunction } from "../rules/i18n.ts";
import {
  barChartSvg,
  type ChartRow,
  choiceShares,
  columnChartSvg,
  isTimeZone,
  lineChartSvg,
  localMinute,
  shiftDay,
  shortDay,
  toCsv,
  wordCloudSvg,
} from "../rules/statistics.ts";

/** Texts read for the word cloud (the latest), and words shown. */
export const WORD_CLOUD_TEXTS = 5000;
export const WORD_CLOUD_WORDS = 40;
/** The longest span drawn day by day; an older start is cut. */
const MAX_DAYS = 366;

export interface InteractionChart {
  name: "over_time" | "results" | "shares" | "words";
  title: string;
  header: [string, string];
  rows: ChartRow[];
  svg: string;
  /** A table of more than two columns (each choice's share per day): its header and rows, instead. */
  table?: { header: string[]; rows: (string | number)[][] };
  /** The data as CSV, for its download. */
  csv: string;
  filename: string;
}

export interface InteractionStatistics {
  timeZone: string;
  total: number;
  charts: InteractionChart[];
}

/** The days from `first` to `last` (inclusive) at most MAX_DAYS back from `last`, with their counts. */
function filledDays(rows: { bucket: string; count: number }[]): ChartRow[] {
  if (rows.length === 0) return [];
  const counts = new Map(rows.map((r) => [r.bucket.slice(0, 10), r.count]));
  const last = rows.at(-1)!.bucket.slice(0, 10);
  let day = rows[0].bucket.slice(0, 10);
  if (day < shiftDay(last, -MAX_DAYS + 1)) day = shiftDay(last, -MAX_DAYS + 1);
  const out: ChartRow[] = [];
  for (; day <= last; day = shiftDay(day, 1)) out.push({ label: day, value: counts.get(day) ?? 0 });
  return out;
}

/** The statistics panel of an interaction the caller may already see (access checked by its page). */
export async function interactionStatistics(
  sql: Sql,
  segment: { id: number; channel_id: number },
  t: TFunction,
  now: Date,
): Promise<InteractionStatistics> {
  const zone = await channelTimeZone(sql, segment.channel_id);
  const timeZone = isTimeZone(zone) ? zone : "UTC";
  traceChannel(segment.channel_id);
  const data = await traced(
    "statistics.interaction",
    { "im.segment_id": segment.id },
    () => segmentStatistics(sql, { segmentId: segment.id, timeZone, textLimit: WORD_CLOUD_TEXTS }),
  );
  const total = data.days.reduce((s, r) => s + r.count, 0);
  const count = t("statistics.count");
  const base = `interaction-${segment.id}`;
  const charts: InteractionChart[] = [];
  const add = (
    name: InteractionChart["name"],
    title: string,
    header: [string, string],
    rows: ChartRow[],
    svg: string,
  ) =>
    charts.push({
      name,
      title,
      header,
      rows,
      svg,
      csv: toCsv(header, rows.map((r) => [r.label, r.value])),
      filename: `${base}-${name}-${localMinute(now, timeZone).slice(0, 10)}`,
    });
  if (total > 0) {
    const perHour = data.hours.length > 0;
    const rows = perHour
      ? Array.from({ length: 24 }, (_, h) => {
        const label = `${String(h).padStart(2, "0")}:00`;
        return { label, value: data.hours.find((r) => r.bucket.slice(11, 16) === label)?.count ?? 0 };
      })
      : filledDays(data.days);
    const title = t(perHour ? "statistics.per_hour" : "statistics.per_day");
    add(
      "over_time",
      title,
      [t(perHour ? "statistics.hour" : "statistics.day"), count],
      rows,
      columnChartSvg(title, perHour ? rows : rows.map((r) => ({ ...r, label: shortDay(r.label) }))),
    );
  }
  if (data.choices.length > 0) {
    const votes = data.choices.reduce((s, c) => s + c.count, 0);
    const rows = data.choices.map((c) => ({
      label: `${c.label} (${votes ? Math.round((100 * c.count) / votes) : 0} %)`,
      value: c.count,
    }));
    const title = t("interaction_stats.results");
    add(
      "results",
      title,
      [t("interaction_stats.choice"), t("interaction_stats.votes")],
      rows,
      barChartSvg(title, rows),
    );
  }
  // each choice's share of the day's votes, over the days (two days at least: a line needs two points)
  const shares = choiceShares(data.choiceDays, data.choices.map((c) => c.id)).slice(-MAX_DAYS);
  if (data.choices.length > 1 && shares.length > 1) {
    const title = t("interaction_stats.shares");
    const header = [t("statistics.day"), ...data.choices.map((c) => c.label)];
    const rows = shares.map((d) => [d.day, ...d.shares]);
    charts.push({
      name: "shares",
      title,
      header: [header[0], header[1]],
      rows: [],
      table: { header, rows },
      svg: lineChartSvg(
        title,
        shares.map((d) => shortDay(d.day)),
        data.choices.map((c, i) => ({ name: c.label, values: shares.map((d) => d.shares[i]) })),
      ),
      csv: toCsv(header, rows),
      filename: `${base}-shares-${localMinute(now, timeZone).slice(0, 10)}`,
    });
  }
  const words = frequentTerms(data.texts, WORD_CLOUD_WORDS);
  if (words.length > 0) {
    const title = t("interaction_stats.word_cloud");
    add(
      "words",
      title,
      [t("interaction_stats.word"), t("interaction_stats.texts")],
      words.map((w) => ({ label: w.term, value: w.count })),
      wordCloudSvg(title, words),
    );
  }
  return { timeZone, total, charts };
}
