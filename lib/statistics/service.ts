// The statistics dashboard (/statistics): which channel a user may see, its figures for a period, and
// each chart as SVG or CSV.
import { CSV_SEPARATORS, type CsvSeparator } from "../rules/csv.ts";
import type { Sql } from "postgres";
import { traceChannel, traced } from "../platform/tracing.ts";
import { getChannel, listChannelOptions } from "../../db/channels.ts";
import { type ChannelStatistics, channelStatistics, channelTimeZone } from "../../db/statistics.ts";
import { MONETISATION_GOAL } from "../rules/constants.ts";
import { AppError } from "../rules/errors.ts";
import type { TFunction } from "../rules/i18n.ts";
import { isSuperAdministrator, requireAccess, type StaffUser } from "../rules/permissions.ts";
import {
  barChartSvg,
  type ChartRow,
  columnChartSvg,
  fillSeries,
  gaugeSvg,
  isTimeZone,
  localMinute,
  parsePeriod,
  type Period,
  shiftDay,
  shortDay,
  toCsv,
} from "../rules/statistics.ts";

/** The charts of the dashboard, each downloadable. */
export const CHARTS = ["per_time", "by_type", "by_interaction", "cities", "gauges"] as const;
export type ChartName = typeof CHARTS[number];

export interface Chart {
  name: ChartName;
  title: string;
  /** Column headers of its data (the table shown as text alternative and the CSV). */
  header: [string, string];
  rows: ChartRow[];
  svg: string;
}

export interface Dashboard {
  channel: { id: number; label: string };
  /** Channels a super administrator may pick (empty for others). */
  channels: { id: number; label: string }[];
  period: Period;
  stats: ChannelStatistics;
  charts: Chart[];
}

/** The channel asked (`?channel=`, super administrators only; else the user's own), its period and figures. */
async function channelFigures(
  sql: Sql,
  user: StaffUser,
  query: Record<string, string | undefined>,
  now: Date,
) {
  const asked = query.channel ? Number(query.channel) : null;
  const channelId = asked !== null && Number.isSafeInteger(asked) && asked > 0 ? asked : user.channel_id;
  if (!channelId) throw new AppError(404, "not_found");
  requireAccess(user, "participations-read", [channelId]);
  const channel = await getChannel(sql, channelId);
  if (!channel) throw new AppError(404, "not_found");
  const zone = await channelTimeZone(sql, channelId);
  const timeZone = isTimeZone(zone) ? zone : "UTC";
  const period = parsePeriod(query, now, timeZone);
  traceChannel(channelId);
  // the statistics' query group: its own span when traces are exported
  const stats = await traced(
    "statistics.channel",
    { "im.channel_id": channelId },
    () =>
      channelStatistics(sql, {
        channelId,
        fromDay: period.start,
        toDay: period.after,
        unit: period.unit,
        timeZone,
        // the monetisation gauges: the last 12 months, whatever the period shown
        yearToDay: shiftDay(localMinute(now, timeZone).slice(0, 10), 1),
      }),
  );
  return { channel: { id: Number(channel.id), label: channel.label }, period, stats };
}

/** The dashboard's figures as the API gives them (GET /api/v1/statistics/dashboard). */
export async function dashboardData(
  sql: Sql,
  user: StaffUser,
  query: Record<string, string | undefined>,
  now: Date,
) {
  const { channel, period, stats } = await channelFigures(sql, user, query, now);
  return {
    channel,
    period: {
      range: period.range,
      start: period.start,
      end: period.end,
      unit: period.unit,
      time_zone: period.timeZone,
    },
    series: fillSeries(period, stats.series),
    by_type: stats.byType,
    by_interaction: stats.byInteraction,
    cities: stats.cities,
    participants: stats.participants,
    returning: stats.returning,
    registered: stats.registered,
    anonymous: stats.anonymous,
    listeners: stats.listeners,
    median_reply_seconds: stats.medianReplySeconds,
    liked: stats.liked,
    quoted: stats.quoted,
    broadcast: stats.broadcast,
    year_messages: stats.yearMessages,
    year_participants: stats.yearParticipants,
  };
}

/**
 * The dashboard of the channel asked (`?channel=`, super administrators only; else the user's own):
 * 403 for a channel not theirs, 404 for none.
 */
export async function loadDashboard(
  sql: Sql,
  user: StaffUser,
  query: Record<string, string | undefined>,
  now: Date,
  t: TFunction,
): Promise<Dashboard> {
  const { channel, period, stats } = await channelFigures(sql, user, query, now);
  const channels = isSuperAdministrator(user)
    ? (await listChannelOptions(sql)).map((c) => ({ id: Number(c.id), label: c.label }))
    : [];
  return {
    channel,
    channels,
    period,
    stats,
    charts: charts(period, stats, t),
  };
}

function chart(
  name: ChartName,
  title: string,
  header: [string, string],
  rows: ChartRow[],
  column = false,
): Chart {
  return { name, title, header, rows, svg: column ? columnChartSvg(title, rows) : barChartSvg(title, rows) };
}

/** Every chart of a dashboard, with its rows and its SVG. */
export function charts(period: Period, stats: ChannelStatistics, t: TFunction): Chart[] {
  const series = fillSeries(period, stats.series).map((r) => ({
    label: period.unit === "hour" ? r.bucket.slice(11, 16) : shortDay(r.bucket),
    value: r.count,
  }));
  const count = t("statistics.count");
  const gauges: ChartRow[] = [
    { label: t("statistics.gauge_messages"), value: stats.yearMessages },
    { label: t("statistics.gauge_participants"), value: stats.yearParticipants },
  ];
  return [
    chart(
      "per_time",
      t(period.unit === "hour" ? "statistics.per_hour" : "statistics.per_day"),
      [t(period.unit === "hour" ? "statistics.hour" : "statistics.day"), count],
      series,
      true,
    ),
    chart(
      "by_type",
      t("statistics.by_type"),
      [t("statistics.type"), count],
      stats.byType.map((r) => ({ label: t(`statistics.types.${r.key}`), value: r.count })),
    ),
    chart(
      "by_interaction",
      t("statistics.by_interaction"),
      [t("statistics.interaction"), count],
      stats.byInteraction.map((r) => ({ label: r.title || `#${r.id}`, value: r.count })),
    ),
    chart(
      "cities",
      t("statistics.cities"),
      [t("statistics.city"), count],
      stats.cities.map((r) => ({ label: r.key, value: r.count })),
    ),
    {
      name: "gauges",
      title: t("statistics.monetisation"),
      header: [t("statistics.goal"), count],
      rows: gauges,
      svg: gaugeSvg(gauges[0].label, stats.yearMessages, MONETISATION_GOAL.messages),
    },
  ];
}

/** One chart of a dashboard as a file: its SVG, or its data as CSV. */
export function chartFile(
  dashboard: Dashboard,
  name: string,
  format: string,
  separator: CsvSeparator = "comma",
) {
  const found = dashboard.charts.find((c) => c.name === name);
  if (!found || (format !== "svg" && format !== "csv")) throw new AppError(404, "not_found");
  const base =
    `statistics-${dashboard.channel.id}-${found.name}-${dashboard.period.start}-${dashboard.period.end}`;
  return format === "svg"
    ? { body: found.svg, type: "image/svg+xml; charset=utf-8", filename: `${base}.svg` }
    : {
      // with a BOM, so that Excel reads the accents
      body: "\uFEFF" +
        toCsv(found.header, found.rows.map((r) => [r.label, r.value]), CSV_SEPARATORS[separator]),
      type: "text/csv; charset=utf-8",
      filename: `${base}.csv`,
    };
}
