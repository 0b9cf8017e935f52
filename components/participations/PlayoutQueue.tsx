// The playout queue of an interaction beside the inbox: messages marked for air (`t`), in an
// order staff change by dragging or with the Move up / Move down buttons, delivered in that order.
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { moveInOrder } from "../../lib/rules/playout.ts";
import { formatDuration } from "./format.ts";

export interface PlayoutItem {
  message_id: number;
  position: number;
  author_name: string | null;
  duration_ms: number | null;
}

export function PlayoutQueue(
  { segmentId, queue, onQueue, onOpen, canAct, canDeliver }: {
    segmentId: number;
    queue: PlayoutItem[];
    onQueue: (queue: PlayoutItem[]) => void;
    onOpen: (id: number) => void;
    canAct: boolean;
    canDeliver: boolean;
  },
) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const name = (p: PlayoutItem) => p.author_name || t("participations.anonymous");
  const reorder = async (ids: number[], focusId?: number) => {
    setBusy(true);
    const res = await api<PlayoutItem[] & { message?: string }>(
      "PUT",
      `/api/v1/show_segments/${segmentId}/playout`,
      {
        ids,
      },
    );
    setBusy(false);
    if (!res.ok) return showToast(errorMessage(res.data, t("participations.error")), { kind: "error" });
    onQueue(res.data);
    if (focusId) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLButtonElement>(`[data-playout-id="${focusId}"] .playout-open`)?.focus()
      );
    }
  };
  const move = (id: number, step: number) =>
    reorder(moveInOrder(queue.map((p) => p.message_id), id, step), id);
  const remove = async (id: number) => {
    const res = await api<{ queue: PlayoutItem[] }>("PUT", `/api/v1/interaction/${id}/playout`, {
      queued: false,
    });
    if (res.ok) onQueue(res.data.queue);
  };
  const deliver = async () => {
    setBusy(true);
    const res = await api<{ status: string }[]>("POST", `/api/v1/show_segments/${segmentId}/playout/deliver`);
    setBusy(false);
    if (!res.ok) return showToast(errorMessage(res.data, t("participations.error")), { kind: "error" });
    const failed = res.data.some((r) => r.status === "failed");
    showToast(t(failed ? "studio_delivery.playout_partly" : "studio_delivery.playout_delivered"), {
      kind: failed ? "warning" : "success",
    });
  };
  return (
    <section class="playout-queue" aria-labelledby="playout-title">
      <h2 id="playout-title" class="playout-title">{t("studio_delivery.playout_title")}</h2>
      {queue.length === 0
        ? <p class="muted playout-empty">{t("studio_delivery.playout_empty")}</p>
        : (
          <ol class="playout-list">
            {queue.map((p, i) => (
              <li
                key={p.message_id}
                class={`playout-item${dragged === p.message_id ? " is-dragged" : ""}`}
                data-playout-id={p.message_id}
                draggable={canAct}
                onDragStart={() => setDragged(p.message_id)}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged === null || dragged === p.message_id) return;
                  const ids = queue.map((x) => x.message_id);
                  reorder(moveInOrder(ids, dragged, i - ids.indexOf(dragged)));
                }}
              >
                <span class="playout-pos" aria-hidden="true">{p.position}</span>
                <button
                  type="button"
                  class="btn btn-link btn-sm playout-open"
                  onClick={() => onOpen(p.message_id)}
                >
                  {name(p)}
                </button>
                {p.duration_ms ? <span class="duration">{formatDuration(p.duration_ms)}</span> : null}
                {canAct && (
                  <span class="playout-tools">
                    <button
                      type="button"
                      class="btn btn-secondary btn-sm playout-btn"
                      disabled={busy || i === 0}
                      aria-label={t("studio_delivery.playout_up", { name: name(p) })}
                      onClick={() => move(p.message_id, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      class="btn btn-secondary btn-sm playout-btn"
                      disabled={busy || i === queue.length - 1}
                      aria-label={t("studio_delivery.playout_down", { name: name(p) })}
                      onClick={() => move(p.message_id, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      class="btn btn-secondary btn-sm playout-btn"
                      disabled={busy}
                      aria-label={t("studio_delivery.playout_remove", { name: name(p) })}
                      onClick={() => remove(p.message_id)}
                    >
                      ✕
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      {canDeliver && queue.length > 0 && (
        <button
          type="button"
          class="btn btn-primary btn-sm"
          disabled={busy}
          aria-busy={busy}
          onClick={deliver}
        >
          {t("studio_delivery.playout_deliver")}
        </button>
      )}
    </section>
  );
}
