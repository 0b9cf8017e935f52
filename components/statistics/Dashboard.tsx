// The statistics dashboard (/statistics): period picker, figures, charts as server-rendered SVG each
// with its data table (the text alternative) and SVG/CSV downloads, the most active listeners.
import type { TFunction } from "../../lib/rules/i18n.ts";
import { MONETISATION_GOAL } from "../../lib/rules/constants.ts";
import { formatDuration, gaugeSvg, STATISTICS_RANGES } from "../../lib/rules/statistics.ts";
import { formatDay } from "../../lib/rules/wall_clock.ts";
import type { Chart, Dashboard } from "../../lib/statistics/service.ts";
import ChartDownload from "../../islands/ChartDownload.tsx";
import DateField from "../../islands/DateField.tsx";
import { ChartTable } from "./ChartTable.tsx";

function query(d: Dashboard, extra: Record<string, string>): string {
  const params = new URLSearchParams();
  if (d.channels.length > 0) params.set("channel", String(d.channel.id));
  params.set("range", d.period.range);
  if (d.period.range === "custom") {
    params.set("from", d.period.start);
    params.set("to", d.period.end);
  }
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** An SVG as an image: drawn from text the server made, no markup injected into the page. */
function Svg({ svg, alt }: { svg: string; alt: string }) {
  return (
    <img class="stat-img" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={alt} />
  );
}

function ChartFigure({ chart, d, t }: { chart: Chart; d: Dashboard; t: TFunction }) {
  const download = (format: string) => `/statistics/download?${query(d, { chart: chart.name, format })}`;
  return (
    <figure class="stat-chart" id={`chart-${chart.name}`}>
      <figcaption>
        <span class="stat-chart-title">{chart.title}</span>
        <span class="stat-downloads">
          <a href={download("svg")} download>{t("statistics.download_svg")}</a>
          <a href={download("csv")} download>{t("statistics.download_csv")}</a>
          <ChartDownload
            svg={chart.svg}
            filename={`statistics-${d.channel.id}-${chart.name}-${d.period.start}-${d.period.end}`}
            pngOnly
            title={chart.title}
          />
        </span>
      </figcaption>
      {chart.rows.length === 0 ? <p class="muted">{t("statistics.empty")}</p> : (
        <>
          <Svg svg={chart.svg} alt={t("statistics.chart_alt", { title: chart.title })} />
          <details class="stat-data">
            <summary>{t("statistics.show_data")}</summary>
            <ChartTable title={chart.title} header={chart.header} rows={chart.rows} />
          </details>
        </>
      )}
    </figure>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div class="stat-figure">
      <span class="stat-value">{value}</span>
      <span class="stat-label">{label}</span>
    </div>
  );
}

export function StatisticsDashboard({ d, t, lang }: { d: Dashboard; t: TFunction; lang: string }) {
  const s = d.stats;
  // figures written as the language writes numbers (1,280 · 1 280 · 1.280)
  const fmt = (n: number) => n.toLocaleString(lang === "technical" ? "en" : lang);
  const total = s.series.reduce((sum, r) => sum + r.count, 0);
  const gauges = d.charts.find((c) => c.name === "gauges")!;
  const channelParam = d.channels.length > 0 ? `channel=${d.channel.id}&` : "";
  return (
    <div class="statistics">
      <div class="stat-toolbar">
        {d.channels.length > 0 && (
          <form method="get" action="/statistics" class="stat-channel">
            <label>
              {t("statistics.channel")}{" "}
              <select name="channel">
                {d.channels.map((c) => (
                  <option value={c.id} selected={c.id === d.channel.id}>{c.label}</option>
                ))}
              </select>
            </label>
            <input type="hidden" name="range" value={d.period.range} />
            <button type="submit" class="btn btn-secondary btn-sm">{t("statistics.show")}</button>
          </form>
        )}
        <nav class="segmented-links" aria-label={t("statistics.range_label")}>
          {STATISTICS_RANGES.filter((r) => r !== "custom").map((r) => (
            <a
              href={`/statistics?${channelParam}range=${r}`}
              aria-current={d.period.range === r ? "page" : undefined}
            >
              {t(`statistics.ranges.${r}`)}
            </a>
          ))}
        </nav>
        <form method="get" action="/statistics" class="stat-custom">
          {d.channels.length > 0 && <input type="hidden" name="channel" value={d.channel.id} />}
          <input type="hidden" name="range" value="custom" />
          <DateField
            id="stat-from"
            label={t("statistics.from")}
            name="from"
            value={d.period.start}
            required
            picker
          />
          <DateField id="stat-to" label={t("statistics.to")} name="to" value={d.period.end} required picker />
          <button
            type="submit"
            class={`btn btn-sm ${d.period.range === "custom" ? "btn-primary" : "btn-secondary"}`}
          >
            {t("statistics.ranges.custom")}
          </button>
        </form>
      </div>
      <p class="muted stat-period">
        {t("statistics.period", {
          channel: d.channel.label,
          from: formatDay(d.period.start),
          to: formatDay(d.period.end),
        })} {t("interaction_stats.zone_note", { zone: d.period.timeZone })}
      </p>
      <section class="stat-figures" aria-label={t("statistics.figures")}>
        <Figure label={t("statistics.participations")} value={fmt(total)} />
        <Figure label={t("statistics.participants")} value={fmt(s.participants)} />
        <Figure label={t("statistics.new")} value={fmt(s.participants - s.returning)} />
        <Figure label={t("statistics.returning")} value={fmt(s.returning)} />
        <Figure label={t("statistics.registered")} value={fmt(s.registered)} />
        <Figure label={t("statistics.anonymous")} value={fmt(s.anonymous)} />
        <Figure
          label={t("statistics.median_reply")}
          value={s.medianReplySeconds === null ? "—" : formatDuration(s.medianReplySeconds, lang)}
        />
        <Figure label={t("statistics.liked")} value={fmt(s.liked)} />
        <Figure label={t("statistics.quoted")} value={fmt(s.quoted)} />
        <Figure label={t("statistics.broadcast")} value={fmt(s.broadcast)} />
      </section>
      <div class="stat-grid">
        {d.charts.filter((c) => c.name !== "gauges").map((c) => (
          <ChartFigure key={c.name} chart={c} d={d} t={t} />
        ))}
        <section class="stat-chart">
          <h2 class="stat-chart-title">{t("statistics.listeners")}</h2>
          {s.listeners.length === 0
            ? <p class="muted">{t("statistics.empty")}</p>
            : (
              <table class="stat-table">
                <thead>
                  <tr>
                    <th scope="col">{t("statistics.nickname")}</th>
                    <th scope="col">{t("statistics.count")}</th>
                    <th scope="col">{t("statistics.points")}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.listeners.map((l) => (
                    <tr>
                      <th scope="row">{l.nickname}</th>
                      <td>{l.count}</td>
                      <td>{l.points}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
        </section>
        <figure class="stat-chart" id="chart-gauges">
          <figcaption>
            <span class="stat-chart-title">{gauges.title}</span>
            <span class="stat-downloads">
              <a href={`/statistics/download?${query(d, { chart: "gauges", format: "svg" })}`} download>
                {t("statistics.download_svg")}
              </a>
              <a href={`/statistics/download?${query(d, { chart: "gauges", format: "csv" })}`} download>
                {t("statistics.download_csv")}
              </a>
            </span>
          </figcaption>
          <div class="stat-gauges">
            <div>
              <Svg svg={gaugeSvg(gauges.rows[0].label, s.yearMessages, MONETISATION_GOAL.messages)} alt="" />
              <p>
                {t("statistics.gauge_messages_text", {
                  value: fmt(s.yearMessages),
                  goal: fmt(MONETISATION_GOAL.messages),
                })}
              </p>
            </div>
            <div>
              <Svg
                svg={gaugeSvg(gauges.rows[1].label, s.yearParticipants, MONETISATION_GOAL.participants)}
                alt=""
              />
              <p>
                {t("statistics.gauge_participants_text", {
                  value: fmt(s.yearParticipants),
                  goal: fmt(MONETISATION_GOAL.participants),
                })}
              </p>
            </div>
          </div>
        </figure>
      </div>
    </div>
  );
}
