import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { TOAST_MS } from "../lib/rules/constants.ts";
import { type OverlayView, overlayViews } from "../lib/rules/overlay.ts";
import type { OverlayControl } from "../lib/rules/overlay_schema.ts";
import { announceSegment } from "./browser/saved_segment.ts";
import { api } from "./browser/http.ts";

interface Overlay {
  url: string;
  view: OverlayView;
  message_id: number | null;
}

interface Props {
  id: number;
  overlay: Overlay;
  showResults: boolean;
  closed: boolean;
  /** Vote bars are offered only where listeners pick among choices. */
  withChoices: boolean;
  canEdit: boolean;
}

/**
 * The on-air panel of the interaction page: the overlay's secret address (copy, presenter
 * screen, a new address), what it shows, reveal or hide the results, close the vote now. Each control
 * reaches every open overlay through the server's event stream.
 */
function OverlayPanel(props: Props) {
  const { t } = useT();
  const [overlay, setOverlay] = useState(props.overlay);
  const [shown, setShown] = useState(props.showResults);
  const [closed, setClosed] = useState(props.closed);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (method: "PUT" | "POST", path: string, body?: OverlayControl) => {
    setBusy(true);
    setError(null);
    const res = await api<Overlay & { message?: string }>(
      method,
      `/api/v1/show_segments/${props.id}/overlay${path}`,
      body,
    );
    setBusy(false);
    if (!res.ok) {
      setError(res.data?.message ?? t("live.failed"));
      return false;
    }
    setOverlay(res.data);
    return true;
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(overlay.url);
    } catch {
      (document.getElementById("overlay-url") as HTMLInputElement | null)?.select();
      document.execCommand("copy");
    }
    setCopied(true);
    setTimeout(() => setCopied(false), TOAST_MS.success);
  };
  return (
    <section class="card overlay-panel" aria-labelledby="overlay-h">
      <h2 id="overlay-h">{t("live.overlay_title")}</h2>
      <p class="field-hint">{t("live.overlay_hint")}</p>
      <div class="field copy-field">
        <label for="overlay-url">{t("live.address")}</label>
        <div class="copy-row">
          <input
            id="overlay-url"
            readOnly
            value={overlay.url}
            onFocus={(e) => (e.target as HTMLInputElement).select()}
          />
          <button type="button" class="btn btn-secondary" onClick={copy}>
            {copied ? t("live.copied") : t("live.copy")}
          </button>
        </div>
      </div>
      <p class="overlay-links">
        <a href={`${overlay.url}?mode=presenter`} target="_blank" rel="noopener">{t("live.presenter")}</a>
        <button
          type="button"
          class="btn btn-link"
          disabled={busy}
          onClick={() => confirm(t("live.regenerate_confirm")) && send("POST", "/token")}
        >
          {t("live.regenerate")}
        </button>
      </p>
      <fieldset class="overlay-views">
        <legend>{t("live.show")}</legend>
        {overlayViews(props.withChoices).map((view) => (
          <label key={view} class="radio">
            <input
              type="radio"
              name="overlay-view"
              value={view}
              checked={overlay.view === view}
              disabled={busy}
              onChange={() => send("PUT", "", { view })}
            />
            {t(`live.view_${view}`)}
          </label>
        ))}
      </fieldset>
      {/* results to reveal and a vote to close exist only where listeners pick among choices */}
      {props.canEdit && props.withChoices && (
        <div class="overlay-actions">
          <button
            type="button"
            class={shown ? "btn btn-secondary" : "btn btn-primary"}
            disabled={busy}
            aria-pressed={shown}
            onClick={async () => {
              if (await send("PUT", "", { reveal: !shown })) setShown(!shown);
            }}
          >
            {shown ? t("live.hide") : t("live.reveal")}
          </button>
          <button
            type="button"
            class="btn btn-secondary"
            disabled={busy || closed}
            onClick={async () => {
              // closing ends the vote for every listener, on air: asked once more, as a new address is
              if (!confirm(t("live.close_confirm"))) return;
              if (await send("PUT", "", { close: true })) {
                setClosed(true);
                // the edit form's availability shows the new end at once
                const saved = await api("GET", `/api/v1/show_segments/${props.id}`);
                if (saved.ok) announceSegment(saved.data);
              }
            }}
          >
            {closed ? t("live.closed") : t("live.close_now")}
          </button>
        </div>
      )}
      {error && <p class="notice notice-error" role="alert">{error}</p>}
    </section>
  );
}

export default island("OverlayPanel", OverlayPanel, { ns: ["live"] });
