// The statistics panel of an interaction's page: participations over time, the votes of each
// choice, the word cloud of its texts; each chart with its data table (the text alternative) and its
// SVG, PNG and CSV downloads.
import type { TFunction } from "../../lib/rules/i18n.ts";
import type { InteractionChart, InteractionStatistics } from "../../lib/statistics/interaction.ts";
import ChartDownload from "../../islands/ChartDownload.tsx";
import { ChartTable } from "./ChartTable.tsx";

function ChartBlock({ chart, t }: { chart: InteractionChart; t: TFunction }) {
  const words = chart.name === "words";
  return (
    <figure class="stat-chart stat-chart-compact" id={`interaction-chart-${chart.name}`}>
      <figcaption>
        <span class="stat-chart-title">{chart.title}</span>
        <ChartDownload svg={chart.svg} filename={chart.filename} csv={chart.csv} title={chart.title} />
      </figcaption>
      <img
        class="stat-img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(chart.svg)}`}
        alt={t("statistics.chart_alt", { title: chart.title })}
      />
      <details class="stat-data">
        <summary>{words ? t("interaction_stats.words_list") : t("statistics.show_data")}</summary>
        {words
          ? (
            <ol class="stat-words">
              {chart.rows.map((r) => (
                <li key={r.label}>{t("interaction_stats.word_count", { word: r.label, count: r.value })}</li>
              ))}
            </ol>
          )
          : chart.table
          ? (
            <table>
              <caption class="visually-hidden">{chart.title}</caption>
              <thead>
                <tr>{chart.table.header.map((h) => <th scope="col" key={h}>{h}</th>)}</tr>
              </thead>
              <tbody>
                {chart.table.rows.map(([day, ...values]) => (
                  <tr key={day}>
                    <th scope="row">{day}</th>
                    {values.map((v, i) => <td key={i}>{`${v} %`}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          )
          : <ChartTable title={chart.title} header={chart.header} rows={chart.rows} />}
      </details>
    </figure>
  );
}

export function InteractionStatisticsPanel({ s, t }: { s: InteractionStatistics; t: TFunction }) {
  return (
    <section class="card stat-interaction" aria-labelledby="interaction-statistics">
      <h2 id="interaction-statistics">{t("interaction_stats.title")}</h2>
      <p class="muted">
        {t("interaction_stats.total", { count: s.total })} ·{" "}
        {t("interaction_stats.time_zone", { zone: s.timeZone })}
      </p>
      {s.charts.length === 0
        ? <p class="muted">{t("statistics.empty")}</p>
        : s.charts.map((c) => <ChartBlock key={c.name} chart={c} t={t} />)}
    </section>
  );
}
