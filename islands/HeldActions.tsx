import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api, errorMessage } from "./browser/http.ts";

/**
 * The actions on one held message: move it into an interaction of the channel (it becomes a participation
 * there, under that interaction's rules) or dismiss it. A refusal (closed, not its kind, already taken by
 * another member of staff) is said under the buttons, in the staff member's language, and nothing changes.
 */
function HeldActions(props: { channelId: number; heldId: number; targets: { id: number; title: string }[] }) {
  const { t } = useT();
  const [target, setTarget] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = `/api/v1/channels/${props.channelId}/held-messages/${props.heldId}`;
  const act = async (action: "move" | "dismiss") => {
    setBusy(true);
    setError(null);
    const res = action === "move"
      ? await api("POST", `${base}/move`, { segment_id: Number(target) })
      : await api("POST", `${base}/dismiss`);
    if (!res.ok) {
      setBusy(false);
      setError(errorMessage(res.data, String(res.status)));
      return;
    }
    location.reload();
  };
  const select = `held-target-${props.heldId}`;
  return (
    <div class="held-actions">
      <label class="sr-only" for={select}>{t("lines.held_move_to")}</label>
      <select
        id={select}
        class="input held-target"
        value={target}
        disabled={busy}
        onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}
      >
        <option value="">{t("lines.held_move_to")}…</option>
        {props.targets.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
      </select>
      <button
        type="button"
        class="btn btn-primary btn-sm"
        disabled={busy || !target}
        title={target ? undefined : t("lines.held_choose")}
        onClick={() => act("move")}
      >
        {t("lines.held_move")}
      </button>
      <button type="button" class="btn btn-secondary btn-sm" disabled={busy} onClick={() => act("dismiss")}>
        {t("lines.held_dismiss")}
      </button>
      {error && <p class="field-error held-error" role="alert">{error}</p>}
    </div>
  );
}

export default island("HeldActions", HeldActions, { ns: ["lines"] });
