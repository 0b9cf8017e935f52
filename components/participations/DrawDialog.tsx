// Drawing winners asks how many (1 to 50), among which tab, whether previous winners
// are left out, then asks to confirm; the draw is recorded (who, when, how many, seed) for an audit, and the
// interaction's previous draws are listed below (DrawHistory).
import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { DRAW_MAX, DRAW_TABS, type DrawTab } from "../../lib/rules/draws.ts";
import { DrawHistory } from "./DrawHistory.tsx";

interface Drawn {
  id: number;
  ids: number[];
  candidates: number;
}

export function DrawDialog(
  props: {
    segmentId: number;
    onDrawn: (drawn: Drawn) => void;
    onOpen: (messageId: number) => void;
    onClose: () => void;
  },
) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [count, setCount] = useState(1);
  const [tab, setTab] = useState<DrawTab>("all");
  const [exclude, setExclude] = useState(true);
  const [step, setStep] = useState<"ask" | "confirm" | "done">("ask");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const valid = Number.isInteger(count) && count >= 1 && count <= DRAW_MAX;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    return () => before?.focus?.();
  }, []);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [step]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const res = await api<Drawn>("POST", "/api/v1/interaction/draw_winners", {
      segment_id: props.segmentId,
      count,
      tab,
      exclude_previous: exclude,
    });
    setBusy(false);
    if (!res.ok) return setError(errorMessage(res.data, t("participations.error")));
    setDrawn(res.data);
    setStep("done");
    props.onDrawn(res.data);
  };

  return (
    <dialog ref={dialog} class="modal draw-dialog" aria-labelledby="draw-title" onClose={props.onClose}>
      <div class="modal-body">
        <div class="modal-head">
          <h2 id="draw-title">{t("winner_draw.title")}</h2>
          <button
            type="button"
            class="btn-icon"
            aria-label={t("winner_draw.cancel")}
            onClick={props.onClose}
          >
            ✕
          </button>
        </div>
        {step === "ask" && (
          <form
            class="draw-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) setStep("confirm");
            }}
          >
            <label class="field">
              <span class="label">{t("winner_draw.count", { max: DRAW_MAX })}</span>
              <input
                data-autofocus
                class="input"
                type="number"
                min={1}
                max={DRAW_MAX}
                step={1}
                required
                value={count}
                aria-invalid={!valid}
                onInput={(e) => setCount(e.currentTarget.valueAsNumber)}
              />
            </label>
            <label class="field">
              <span class="label">{t("winner_draw.tab")}</span>
              <select class="input" value={tab} onChange={(e) => setTab(e.currentTarget.value as DrawTab)}>
                {DRAW_TABS.map((x) => <option key={x} value={x}>{t(`winner_draw.tabs.${x}`)}</option>)}
              </select>
            </label>
            <label class="checkbox">
              <input
                type="checkbox"
                checked={exclude}
                onChange={(e) => setExclude(e.currentTarget.checked)}
              />
              {t("winner_draw.exclude")}
            </label>
            <div class="modal-actions">
              <button type="button" class="btn btn-secondary" onClick={props.onClose}>
                {t("winner_draw.cancel")}
              </button>
              <button type="submit" class="btn btn-primary" disabled={!valid}>
                {t("winner_draw.next")}
              </button>
            </div>
          </form>
        )}
        {step === "confirm" && (
          <div class="draw-confirm">
            <p data-autofocus tabIndex={-1}>
              {t("winner_draw.confirm_text", { count, tab: t(`winner_draw.tabs.${tab}`) })}
            </p>
            <p class="muted">
              {t(exclude ? "winner_draw.exclude_yes" : "winner_draw.exclude_no")}
            </p>
            {error && <p class="notice notice-error" role="alert">{error}</p>}
            <div class="modal-actions">
              <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => setStep("ask")}>
                {t("winner_draw.back")}
              </button>
              <button type="button" class="btn btn-primary" disabled={busy} onClick={confirm}>
                {t("winner_draw.confirm", { count })}
              </button>
            </div>
          </div>
        )}
        {step === "done" && drawn && (
          <div class="draw-done" role="status">
            <p data-autofocus tabIndex={-1}>
              {drawn.ids.length
                ? t("winner_draw.done", { count: drawn.ids.length, candidates: drawn.candidates })
                : t("winner_draw.none")}
            </p>
            {drawn.ids.length > 0 && drawn.ids.length < count && (
              // more winners asked than participations that may win: said, not drawn silently
              <p class="notice notice-warning draw-fewer">
                {t("winner_draw.fewer", { asked: count, drawn: drawn.ids.length })}
              </p>
            )}
            <p class="muted">{t("winner_draw.recorded", { id: drawn.id })}</p>
            <div class="modal-actions">
              <button type="button" class="btn btn-primary" onClick={props.onClose}>
                {t("winner_draw.close")}
              </button>
            </div>
          </div>
        )}
        {step !== "confirm" && (
          <DrawHistory segmentId={props.segmentId} refresh={drawn?.id ?? 0} onOpen={props.onOpen} />
        )}
      </div>
    </dialog>
  );
}
