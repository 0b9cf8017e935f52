import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { RESULTS_REFRESH_MS } from "../lib/rules/constants.ts";
import { api } from "./browser/http.ts";
import { followLive, type LiveMode } from "./browser/live.ts";
import { choiceLetter, type VoteResultRow } from "../lib/rules/votes.ts";

interface Results {
  rows: VoteResultRow[];
  total: number;
}
interface Counts {
  messages: number;
  participants: number;
}

interface Props {
  id: number;
  results: Results;
  counts: Counts;
  withChoices: boolean;
}

/**
 * The live results panel: follows the interaction's event stream, and polls the segment every
 * 2.5 s (back-office §7, §9) while the page is visible and the stream is not open.
 */
function ResultsPanel(props: Props) {
  const { t, lang } = useT();
  const [results, setResults] = useState(props.results);
  const [counts, setCounts] = useState(props.counts);
  const [mode, setMode] = useState<LiveMode>("connecting");
  useEffect(() => {
    const show = (data: { results: Results; counts: Counts }) => {
      setResults(data.results);
      setCounts(data.counts);
    };
    return followLive({
      url: `/api/v1/show_segments/${props.id}/live`,
      event: "results",
      onData: show,
      poll: async () => {
        const res = await api<{ results: Results; counts: Counts }>(
          "GET",
          `/api/v1/show_segments/${props.id}`,
        );
        if (res.ok) show(res.data);
      },
      pollMs: RESULTS_REFRESH_MS,
      onMode: setMode,
    });
  }, []);
  const fmt = (n: number) => n.toLocaleString(lang === "technical" ? "en" : lang);
  return (
    <section class="card results-panel" aria-labelledby="results-h" data-live={mode}>
      <h2 id="results-h">{t("interactions.sections.results")}</h2>
      <p class="muted results-counts" aria-live="polite">
        {t("interactions.results_counts", {
          messages: fmt(counts.messages),
          participants: fmt(counts.participants),
        })}
      </p>
      {props.withChoices && (
        results.total === 0 ? <p class="muted">{t("interactions.results_none")}</p> : (
          <>
            <p class="results-total">{t("interactions.results_total", { count: results.total })}</p>
            <ol class="results-list">
              {results.rows.map((row, i) => (
                <li key={row.id}>
                  <div class="results-line">
                    <span class="choice-letter" aria-hidden="true">{choiceLetter(i)}</span>
                    <span class="results-label">{row.label}</span>
                    <span class="results-value">{row.percentage} % · {fmt(row.count)}</span>
                  </div>
                  <div class="results-bar" aria-hidden="true">
                    <span style={`width:${row.percentage}%`}></span>
                  </div>
                </li>
              ))}
            </ol>
          </>
        )
      )}
      <p class="field-hint">{t("interactions.results_live")}</p>
    </section>
  );
}

export default island("ResultsPanel", ResultsPanel, { ns: ["interactions"] });
