// Inbox message detail → the listener's data rights: when the channel's retention will erase
// the message, and "erase this listener's data" for administrators, after a confirmation.
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";

/** DD/MM/YYYY of an ISO date (DESIGN.md Dates), in UTC like the retention sweep. */
const dayOf = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};

/** "Erased on DD/MM/YYYY" under the message date, when the channel has a retention period. */
export function ErasureDate({ eraseOn, erased }: { eraseOn?: string | null; erased?: boolean }) {
  const { t } = useT();
  if (erased) return <p class="muted inbox-erase-on">{t("data_rights.erased")}</p>;
  if (!eraseOn) return null;
  return <p class="muted inbox-erase-on">{t("data_rights.erase_on", { date: dayOf(eraseOn) })}</p>;
}

/** The administrator's erasure of the message's author, confirmed first; `onDone` reloads the message. */
export function EraseListener({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const erase = async () => {
    setBusy(true);
    setError(null);
    const res = await api<{ messages: number }>("POST", "/api/v1/listener_erasure", { message_id: id });
    setBusy(false);
    if (!res.ok) return setError(errorMessage(res.data, t("participations.error")));
    setConfirming(false);
    showToast(t("data_rights.staff_done", { count: res.data.messages }));
    onDone();
  };
  return (
    <section class="inbox-erase">
      {!confirming
        ? (
          <button
            type="button"
            class="btn btn-secondary btn-sm btn-danger-text"
            onClick={() => setConfirming(true)}
          >
            {t("data_rights.staff_erase")}
          </button>
        )
        : (
          <div
            class="notice notice-error inbox-erase-confirm"
            role="alertdialog"
            aria-labelledby={`erase-${id}`}
          >
            <p id={`erase-${id}`}>{t("data_rights.staff_confirm")}</p>
            <div class="inbox-erase-actions">
              <button type="button" class="btn btn-danger btn-sm" disabled={busy} onClick={erase}>
                {t("data_rights.staff_yes")}
              </button>
              <button type="button" class="btn btn-secondary btn-sm" onClick={() => setConfirming(false)}>
                {t("data_rights.cancel")}
              </button>
            </div>
          </div>
        )}
      {error && <p class="notice notice-error" role="alert">{error}</p>}
    </section>
  );
}
