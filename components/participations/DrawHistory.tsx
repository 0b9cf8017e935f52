// The draws of an interaction where staff draw (the draw dialog of the inbox): who drew,
// when, among how many, in which tab, the winners (each opens its message) and the re-draws, newest first;
// each draw can be replayed from its recorded candidates and seed for an audit.
import { useEffect, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api } from "../../islands/browser/http.ts";
import type { DrawTab } from "../../lib/rules/draws.ts";

interface Draw {
  id: number;
  drawn_by: string | null;
  drawn_at: string;
  tab: DrawTab;
  count: number;
  exclude_previous: boolean;
  seed: string;
  candidates: number;
  winners: { id: number; name: string | null; city: string | null }[];
  redraw: boolean;
}

function Replay(props: { id: number }) {
  const { t } = useT();
  const [matches, setMatches] = useState<boolean | null>(null);
  const replay = async () => {
    const res = await api<{ matches: boolean }>("GET", `/api/v1/interaction/draws/${props.id}`);
    if (res.ok) setMatches(res.data.matches);
  };
  return (
    <p class="draw-replay">
      <button
        type="button"
        class="btn btn-secondary btn-sm"
        aria-label={t("winner_draw.history.replay_label", { id: props.id })}
        onClick={replay}
      >
        {t("winner_draw.history.replay")}
      </button>
      <span role="status" class={matches === false ? "field-error" : "muted"}>
        {matches === null
          ? ""
          : t(matches ? "winner_draw.history.replay_same" : "winner_draw.history.replay_differs")}
      </span>
    </p>
  );
}

export function DrawHistory(
  props: { segmentId: number; refresh: number; onOpen: (messageId: number) => void },
) {
  const { t, lang } = useT();
  const [draws, setDraws] = useState<Draw[] | null>(null);
  useEffect(() => {
    api<Draw[]>("GET", `/api/v1/interaction/draws?segment_id=${props.segmentId}`).then((res) => {
      if (res.ok) setDraws(res.data);
    });
  }, [props.segmentId, props.refresh]);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: "short", timeStyle: "short", hourCycle: "h23" });
  const key = (k: string) => `winner_draw.history.${k}`;
  return (
    <section class="draw-history" aria-labelledby="draw-history-title">
      <h3 id="draw-history-title">{t(key("title"))}</h3>
      {draws?.length === 0 && <p class="muted">{t(key("none"))}</p>}
      {draws && draws.length > 0 && (
        <ol class="draw-history-list">
          {draws.map((d) => {
            const tab = t(`winner_draw.tabs.${d.tab}`);
            return (
              <li key={d.id} class="draw-entry" data-testid="draw-entry">
                <p class="draw-entry-head">
                  <strong>{t(key("number"), { id: d.id })}</strong>
                  {d.redraw && <span class="badge">{t(key("redraw"))}</span>}
                  <time dateTime={d.drawn_at}>{when(d.drawn_at)}</time>
                  <span>
                    {d.drawn_by ? t(key("by"), { name: d.drawn_by }) : t(key("by_unknown"))}
                  </span>
                </p>
                <p>
                  {d.winners.length
                    ? t(key("summary"), { count: d.winners.length, candidates: d.candidates, tab })
                    : t(key("no_winner"), { candidates: d.candidates, tab })} ·{" "}
                  {t(key(d.exclude_previous ? "excluded" : "included"))}
                </p>
                {d.winners.length > 0 && (
                  <ul class="draw-winners" aria-label={t(key("winners"))}>
                    {d.winners.map((w) => {
                      const name = w.name || t("participations.anonymous");
                      return (
                        <li key={w.id}>
                          <button type="button" class="btn-link" onClick={() => props.onOpen(w.id)}>
                            {name}
                            {w.city ? ` · ${w.city}` : ""}
                            <span class="sr-only">, {t(key("open"))}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
                <p class="muted draw-seed">{t(key("seed"), { seed: d.seed })}</p>
                <Replay id={d.id} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
