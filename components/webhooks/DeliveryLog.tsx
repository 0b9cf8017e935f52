// One webhook endpoint of a channel's webhooks page (islands/WebhooksPanel.tsx): its address and events,
// "send a test", removal, and its deliveries with their last attempt and "send again", read again every
// LOG_REFRESH_MS while open so a retry's result shows without a reload.
import { useEffect, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { deliveryErrorKey } from "../../lib/rules/webhooks.ts";
import type { WebhookDeliveryRow, WebhookRow } from "../../db/webhooks.ts";

/** Dates arrive as ISO strings in JSON. */
type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] extends Date ? string : string | null };

/** An endpoint as the page hands it on (never its secret). */
export type Hook = Dated<Pick<WebhookRow, "id" | "url" | "events" | "created_at">, "created_at">;

/** A delivery as GET /api/v1/webhooks/:id answers it. */
type Delivery = Dated<
  Omit<WebhookDeliveryRow, "webhook_id" | "created_at">,
  "next_attempt_at" | "last_attempt_at"
>;

/** How often an open delivery log reads itself again (a retry's result shows without a reload). */
const LOG_REFRESH_MS = 5000;

export const eventKey = (event: string) => `webhooks.event_${event.replace(".", "_")}`;

/** An attempt's error in the staff's language when the platform refused it itself; a receiver's as it is. */
function ErrorText(props: { error: string }) {
  const { t } = useT();
  const known = deliveryErrorKey(props.error);
  return <span class="webhook-error">{known ? t(known.key, { address: known.address }) : props.error}</span>;
}

/** An endpoint with its delivery log. */
export function DeliveryLog(props: { hook: Hook; onRemoved: () => void }) {
  const { t, lang } = useT();
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [busy, setBusy] = useState(false);
  // a new secret is shown once, with the time until which the previous one still signs beside it (24 h)
  const [rotated, setRotated] = useState<{ secret: string; until: string } | null>(null);
  const base = `/api/v1/webhooks/${props.hook.id}`;
  const rotate = async () => {
    if (!confirm(t("webhooks.rotate_confirm"))) return;
    setBusy(true);
    const res = await api<{ secret: string; previous_valid_until: string; message?: string }>(
      "POST",
      `${base}/rotate-secret`,
    );
    setBusy(false);
    if (!res.ok) return showToast(res.data?.message ?? t("webhooks.failed"), { kind: "error" });
    setRotated({ secret: res.data.secret, until: res.data.previous_valid_until });
  };
  const reload = async () => {
    const res = await api<{ deliveries: Delivery[] }>("GET", base);
    if (res.ok) setDeliveries(res.data.deliveries);
  };
  useEffect(() => {
    reload();
    const timer = setInterval(() => !document.hidden && reload(), LOG_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const act = async (method: string, url: string) => {
    setBusy(true);
    const res = await api<{ message?: string }>(method, url);
    setBusy(false);
    if (!res.ok) showToast(res.data?.message ?? t("webhooks.failed"), { kind: "error" });
    return res.ok;
  };
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(lang, {
        day: "2-digit",
        month: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      })
      : "—";
  return (
    <section class="card webhook" data-testid="webhook">
      <div class="webhook-head">
        <code class="webhook-url">{props.hook.url}</code>
        <div class="webhook-actions">
          <button
            type="button"
            class="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={async () => (await act("POST", `${base}/test`)) && setTimeout(reload, 800)}
          >
            {t("webhooks.send_test")}
          </button>
          <button type="button" class="btn btn-secondary btn-sm" disabled={busy} onClick={rotate}>
            {t("webhooks.rotate")}
          </button>
          <button
            type="button"
            class="btn btn-danger btn-sm"
            disabled={busy}
            onClick={async () =>
              confirm(t("webhooks.remove_confirm")) && (await act("DELETE", base)) && props.onRemoved()}
          >
            {t("webhooks.remove")}
          </button>
        </div>
      </div>
      {rotated && (
        <div class="notice notice-warning webhook-secret" role="status" data-testid="webhook-rotated">
          <strong>{t("webhooks.secret_title")}</strong>
          <p>{t("webhooks.rotated_notice", { until: when(rotated.until) })}</p>
          <code>{rotated.secret}</code>
        </div>
      )}
      <p class="webhook-events">
        {props.hook.events.map((e) => <span class="badge" key={e}>{t(eventKey(e))}</span>)}
      </p>
      <h3>{t("webhooks.deliveries")}</h3>
      {deliveries && deliveries.length === 0 && <p class="field-hint">{t("webhooks.no_deliveries")}</p>}
      {deliveries && deliveries.length > 0 && (
        <div class="table-wrap">
          <table class="table webhook-log">
            <thead>
              <tr>
                <th>{t("webhooks.col_event")}</th>
                <th>{t("webhooks.col_status")}</th>
                <th>{t("webhooks.col_tries")}</th>
                <th>{t("webhooks.col_http")}</th>
                <th>{t("webhooks.col_duration")}</th>
                <th>{t("webhooks.col_when")}</th>
                <th>{t("webhooks.col_next")}</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} data-testid="delivery">
                  <td data-label={t("webhooks.col_event")}>{t(eventKey(d.event))}</td>
                  <td data-label={t("webhooks.col_status")}>
                    <span class={`badge delivery-${d.status}`}>{t(`webhooks.status_${d.status}`)}</span>
                    {d.last_error && <ErrorText error={d.last_error} />}
                  </td>
                  <td data-label={t("webhooks.col_tries")}>{d.attempts}</td>
                  <td data-label={t("webhooks.col_http")}>{d.last_status_code ?? "—"}</td>
                  <td data-label={t("webhooks.col_duration")}>
                    {d.last_duration_ms === null ? "—" : `${d.last_duration_ms} ms`}
                  </td>
                  <td data-label={t("webhooks.col_when")}>{when(d.last_attempt_at)}</td>
                  <td data-label={t("webhooks.col_next")}>
                    {d.status === "pending" ? when(d.next_attempt_at) : "—"}
                  </td>
                  <td>
                    <button
                      type="button"
                      class="btn btn-secondary btn-sm"
                      disabled={busy}
                      onClick={async () =>
                        (await act("POST", `${base}/deliveries/${d.id}/redeliver`)) &&
                        setTimeout(reload, 800)}
                    >
                      {t("webhooks.redeliver")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
