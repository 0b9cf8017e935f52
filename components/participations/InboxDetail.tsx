// The detail pane of an interaction's inbox (back-office §2 Message detail): the selected message with its
// "Show on air" and playout buttons, or a prompt to select one. Its state is the inbox's signals
// (islands/browser/inbox_state.ts).
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { useSignals } from "../../islands/browser/signals.ts";
import type { Inbox } from "../../islands/browser/inbox_state.ts";
import { MessageDetail } from "./MessageDetail.tsx";

/** "Show on air": the message goes on the interaction's overlay, within a second on every screen. */
function OnAirButton(props: { segmentId: number; messageId: number }) {
  const { t } = useT();
  const [onAir, setOnAir] = useState<number | null>(null);
  const put = async () => {
    const res = await api<{ message?: string }>("PUT", `/api/v1/show_segments/${props.segmentId}/overlay`, {
      message_id: props.messageId,
    });
    if (res.ok) {
      setOnAir(props.messageId);
      showToast(t("live.on_air_done"), { kind: "success" });
    } else showToast(res.data?.message ?? t("live.failed"), { kind: "error" });
  };
  return (
    <button
      type="button"
      class="btn btn-secondary btn-sm on-air"
      onClick={put}
      aria-pressed={onAir === props.messageId}
    >
      {onAir === props.messageId ? t("live.on_air_done") : t("live.on_air")}
    </button>
  );
}

/** `t`: the selected message in or out of the interaction's playout queue. */
function PlayoutButton(props: { position: number | null; onToggle: () => void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      class={`btn btn-sm playout-toggle ${props.position ? "btn-primary" : "btn-secondary"}`}
      aria-keyshortcuts="T"
      aria-pressed={props.position !== null}
      onClick={props.onToggle}
    >
      {props.position
        ? t("studio_delivery.playout_in", { position: props.position })
        : t("studio_delivery.playout_add")}
    </button>
  );
}

/** The detail pane of the inbox. */
export function InboxDetail({ inbox }: { inbox: Inbox }) {
  const { t } = useT();
  useSignals(inbox.selected, inbox.queue);
  const selected = inbox.selected.value;
  return (
    <div class="inbox-detail-pane">
      {selected && inbox.can.act && (
        <p class="on-air-row">
          <OnAirButton segmentId={inbox.segmentId} messageId={selected} />
          <PlayoutButton
            position={inbox.queue.value.find((p) => p.message_id === selected)?.position ?? null}
            onToggle={() => inbox.togglePlayout(selected)}
          />
        </p>
      )}
      {selected
        ? (
          <MessageDetail
            key={selected}
            id={selected}
            can={inbox.can}
            onChanged={inbox.changed}
            onClose={() => (inbox.selected.value = null)}
          />
        )
        : <p class="muted inbox-placeholder">{t("participations.select_message")}</p>}
    </div>
  );
}
