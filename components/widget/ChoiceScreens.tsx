// Voting and results screens (visitor-widget §2): 5 choices per page with See other choices /
// Previous choices / Next choices; results as bars, 0 % hidden.
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { pageOf, visibleResults, type WidgetSegment } from "../../lib/rules/widget.ts";
import type { VoteResultRow } from "../../lib/rules/votes.ts";

function Pager({ page, onPage }: { page: ReturnType<typeof pageOf>; onPage: (n: number) => void }) {
  const { t } = useT();
  if (page.pages <= 1) return null;
  if (page.page === 0) {
    return (
      <p class="w-pager">
        <button type="button" class="w-link" onClick={() => onPage(1)}>
          {t("widget.see_other_choices")}
        </button>
      </p>
    );
  }
  return (
    <p class="w-pager">
      <button type="button" class="w-link" onClick={() => onPage(page.page - 1)}>
        {t("widget.previous_choices")}
      </button>
      {page.hasNext && (
        <button type="button" class="w-link" onClick={() => onPage(page.page + 1)}>
          {t("widget.next_choices")}
        </button>
      )}
    </p>
  );
}

export function VotingScreen(
  { segment, selected, onChange, onSend }: {
    segment: WidgetSegment;
    selected: number[];
    onChange: (ids: number[]) => void;
    onSend: () => void;
  },
) {
  const { t } = useT();
  const [n, setN] = useState(0);
  const multiple = segment.type === "multiple_choice_question";
  const page = pageOf(segment.choices, n);
  const toggle = (id: number) =>
    onChange(
      multiple ? (selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]) : [id],
    );
  return (
    <div class="w-voting">
      <h2 class="w-subtitle">{selected.length ? t("widget.confirm_choice") : t("widget.voting_title")}</h2>
      <ol class="w-choices" start={page.page * 5 + 1}>
        {page.items.map((c, i) => (
          <li key={c.id}>
            <label class={`w-choice${selected.includes(c.id) ? " is-selected" : ""}`}>
              <input
                type={multiple ? "checkbox" : "radio"}
                name="choice"
                checked={selected.includes(c.id)}
                onChange={() => toggle(c.id)}
              />
              <span class="w-choice-index">{page.page * 5 + i + 1}</span>
              <span class="w-choice-label">{c.label}</span>
            </label>
          </li>
        ))}
      </ol>
      <Pager page={page} onPage={setN} />
      <button type="button" class="w-btn w-btn-primary" disabled={selected.length === 0} onClick={onSend}>
        {t("widget.send")}
      </button>
    </div>
  );
}

export function ResultsScreen({ rows }: { rows: VoteResultRow[] | null }) {
  const { t } = useT();
  const [n, setN] = useState(0);
  const shown = visibleResults(rows ?? []);
  const page = pageOf(shown, n);
  return (
    <div class="w-results">
      <h2 class="w-subtitle">{t("widget.results_title")}</h2>
      {rows === null ? <p class="w-sending-dots" aria-busy="true">…</p> : (
        <ol class="w-bars">
          {page.items.map((r) => (
            <li key={r.id} class="w-bar">
              <span class="w-bar-label">
                <span class="w-choice-index">{r.index}</span> {r.label}
              </span>
              <span class="w-bar-track">
                <span class="w-bar-fill" style={`width:${r.percentage}%`} />
              </span>
              <span class="w-bar-value">{r.percentage} %</span>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} onPage={setN} />
    </div>
  );
}
