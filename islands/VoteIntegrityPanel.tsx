// Vote integrity on the interaction page: counted and suspicious votes, votes per minute, and the review
// of the suspicious ones.
import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
import { choiceLetter } from "../lib/rules/votes.ts";
import { VOTE_INTEGRITY_REFRESH_MS } from "../lib/rules/constants.ts";
import type { VoteIntegrityView } from "../lib/rules/vote_integrity.ts";

interface Props {
  id: number;
  view: VoteIntegrityView;
  choices: { id: number; label: string }[];
  canReview: boolean;
}

/** Minutes of the timeline shown (the most recent ones with votes). */
const MINUTES_SHOWN = 30;

/**
 * Vote integrity: counted and suspicious votes side by side, votes per minute per choice,
 * and accepting or excluding the suspicious ones in bulk.
 */
function VoteIntegrityPanel(props: Props) {
  const { t, lang } = useT();
  const [view, setView] = useState(props.view);
  const [busy, setBusy] = useState(false);
  const path = `/api/v1/show_segments/${props.id}/vote-integrity`;
  const reload = async () => {
    const res = await api<VoteIntegrityView>("GET", path);
    if (res.ok) setView(res.data);
  };
  useEffect(() => {
    const timer = setInterval(() => !document.hidden && reload(), VOTE_INTEGRITY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const review = async (action: "accept" | "exclude") => {
    setBusy(true);
    const res = await api<{ changed: number; message?: string }>("POST", path, { action });
    setBusy(false);
    if (!res.ok) return showToast(res.data?.message ?? t("votes.review_error"), { kind: "error" });
    showToast(t(action === "accept" ? "votes.accepted" : "votes.excluded_done", { count: res.data.changed }));
    await reload();
  };
  const fmt = (n: number) => n.toLocaleString(lang === "technical" ? "en" : lang);
  const letter = new Map(props.choices.map((c, i) => [String(c.id), choiceLetter(i)]));
  const index = new Map(props.choices.map((c, i) => [String(c.id), i]));
  const minutes = view.timeline.minutes.slice(-MINUTES_SHOWN);
  const peak = Math.max(1, ...minutes.map((m) => m.counted + m.suspicious));
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(lang === "technical" ? "en" : lang, {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23", // 24-hour clock in every language, like the rest of the back office
    });
  return (
    <section class="card vote-integrity" aria-labelledby="vote-integrity-h" data-testid="vote-integrity">
      <h2 id="vote-integrity-h">{t("votes.title")}</h2>
      <dl class="integrity-figures">
        <div class="integrity-counted">
          <dt>{t("votes.counted")}</dt>
          <dd data-testid="votes-counted">{fmt(view.counted)}</dd>
        </div>
        <div class={`integrity-suspicious${view.suspicious > 0 ? " has-suspicious" : ""}`}>
          <dt>{t("votes.suspicious")}</dt>
          <dd data-testid="votes-suspicious">{fmt(view.suspicious)}</dd>
        </div>
        <div class="integrity-excluded">
          <dt>{t("votes.excluded")}</dt>
          <dd data-testid="votes-excluded">{fmt(view.excluded)}</dd>
        </div>
      </dl>
      <p class="field-hint">{t("votes.cap_summary", { cap: fmt(view.cap) })}</p>
      {props.canReview && (
        <div class="integrity-actions">
          <button
            type="button"
            class="btn btn-primary"
            disabled={busy || view.suspicious === 0}
            onClick={() => review("accept")}
          >
            {t("votes.accept")}
          </button>
          <button
            type="button"
            class="btn btn-secondary"
            disabled={busy || view.suspicious === 0}
            onClick={() => review("exclude")}
          >
            {t("votes.exclude")}
          </button>
        </div>
      )}
      <h3 class="integrity-timeline-h">{t("votes.timeline")}</h3>
      {minutes.length === 0 ? <p class="muted">{t("votes.timeline_none")}</p> : (
        <>
          <ol class="burst-timeline" aria-label={t("votes.timeline")}>
            {minutes.map((m) => {
              const label = [
                time(m.minute),
                ...Object.entries(m.byChoice).map(([id, n]) => `${letter.get(id) ?? "?"}: ${n}`),
                t("votes.suspicious_in_minute", { count: m.suspicious }),
              ].join(" · ");
              return (
                <li key={m.minute} title={label} aria-label={label}>
                  <span class="burst-column" style={`height:${((m.counted + m.suspicious) / peak) * 100}%`}>
                    {Object.entries(m.byChoice).map(([id, n]) => (
                      <span
                        key={id}
                        class={`burst-choice burst-choice-${(index.get(id) ?? 0) % 6}`}
                        style={`flex-grow:${n}`}
                      >
                      </span>
                    ))}
                  </span>
                  {m.suspicious > 0 && (
                    <span class="burst-suspicious" style={`height:${(m.suspicious / peak) * 100}%`}></span>
                  )}
                </li>
              );
            })}
          </ol>
          <div class="burst-axis" aria-hidden="true">
            <span>{time(minutes[0].minute)}</span>
            <span>{time(minutes[minutes.length - 1].minute)}</span>
          </div>
          <ul class="burst-legend">
            {props.choices.map((c, i) => (
              <li key={c.id}>
                <span class={`burst-swatch burst-choice-${i % 6}`} aria-hidden="true"></span>
                {choiceLetter(i)} · {c.label}
              </li>
            ))}
            <li>
              <span class="burst-swatch burst-suspicious-swatch" aria-hidden="true"></span>
              {t("votes.suspicious")}
            </li>
          </ul>
        </>
      )}
    </section>
  );
}

export default island("VoteIntegrityPanel", VoteIntegrityPanel, { ns: ["votes"] });
