import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import type { MessageAction } from "../../lib/rules/inbox.ts";
import { api, errorMessage } from "../../islands/browser/http.ts";
import type { InboxMessage } from "./format.ts";

export interface ActionResult {
  liked: boolean;
  winner: boolean;
  broadcast_status: InboxMessage["broadcast_status"];
  status: InboxMessage["status"];
  read: boolean;
  points: number;
}

/** Like / quote / broadcast / winner / archive / trash toggles: each sends its action key. */
export function ActionBar(
  { m, onDone }: { m: InboxMessage; onDone: (key: MessageAction, result: ActionResult) => void },
) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (key: MessageAction) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const res = await api<ActionResult>("POST", `/api/v1/interaction/${m.id}/action`, { key });
    setBusy(false);
    if (res.ok) onDone(key, res.data);
    else setError(errorMessage(res.data, t("participations.error")));
  };
  // Each action has its keyboard shortcut (the inbox's keydown clicks the button of the key)
  const toggle = (
    on: boolean,
    label: string,
    onKey: MessageAction,
    offKey: MessageAction,
    shortcut: string,
  ) => (
    <button
      type="button"
      class={`btn btn-sm ${on ? "btn-primary" : "btn-secondary"}`}
      data-shortcut={shortcut}
      aria-keyshortcuts={shortcut.toUpperCase()}
      aria-pressed={on}
      disabled={busy}
      onClick={() => run(on ? offKey : onKey)}
    >
      {label}
    </button>
  );
  return (
    <div class="inbox-actions">
      <div class="button-row" role="group" aria-label={t("participations.filters")}>
        {toggle(m.liked, `♥ ${t("participations.actions.like")}`, "like", "unlike", "l")}
        {toggle(
          m.broadcast_status === "broadcast_1",
          t("participations.actions.quote"),
          "quote",
          "unbroadcast",
          "q",
        )}
        {toggle(
          m.broadcast_status === "broadcast_2",
          t("participations.actions.broadcast"),
          "broadcast",
          "unbroadcast",
          "b",
        )}
        {toggle(m.winner, `★ ${t("participations.actions.winner")}`, "winner", "unwinner", "w")}
        {m.status === "received"
          ? (
            <>
              <button
                type="button"
                class="btn btn-secondary btn-sm"
                disabled={busy}
                data-shortcut="e"
                aria-keyshortcuts="E"
                onClick={() => run("archive")}
              >
                {t("participations.actions.archive")}
              </button>
              <button
                type="button"
                class="btn btn-secondary btn-sm"
                disabled={busy}
                data-shortcut="#"
                aria-keyshortcuts="#"
                onClick={() => run("trash")}
              >
                {t("participations.actions.trash")}
              </button>
            </>
          )
          : (
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => run("restore")}
            >
              {t("participations.actions.restore")}
            </button>
          )}
        <button
          type="button"
          class="btn btn-link btn-sm"
          disabled={busy}
          data-shortcut="u"
          aria-keyshortcuts="U"
          onClick={() => run("unread")}
        >
          {t("participations.actions.mark_unread")}
        </button>
      </div>
      {error && <p class="notice notice-error" role="alert">{error}</p>}
    </div>
  );
}
