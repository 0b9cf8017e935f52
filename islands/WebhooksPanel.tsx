import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
import { deliveryErrorKey, WEBHOOK_EVENTS } from "../lib/rules/webhooks.ts";

interface Hook {
  id: number;
  url: string;
  events: string[];
  created_at: string;
}

interface Delivery {
  id: number;
  event: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
}

interface Props {
  channelId: number;
  hooks: Hook[];
  [key: string]: unknown;
}

/** How often an open delivery log reads itself again (a retry's result shows without a reload). */
const LOG_REFRESH_MS = 5000;

const eventKey = (event: string) => `webhooks.event_${event.replace(".", "_")}`;

/** An attempt's error in the staff's language when the platform refused it itself; a receiver's as it is. */
function ErrorText(props: { error: string }) {
  const { t } = useT();
  const known = deliveryErrorKey(props.error);
  return <span class="webhook-error">{known ? t(known.key, { address: known.address }) : props.error}</span>;
}

function DeliveryLog(props: { hook: Hook; onRemoved: () => void }) {
  const { t, lang } = useT();
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/v1/webhooks/${props.hook.id}`;
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

/**
 * A channel's webhooks (issue 21): add an https endpoint and its events (the signing secret is shown once),
 * then each endpoint's deliveries with their last attempt, "send a test", "send again" and removal.
 */
function WebhooksPanel(props: Props) {
  const { t } = useT();
  const [hooks, setHooks] = useState(props.hooks);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["participation.created"]);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const add = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = await api<Hook & { secret: string; message?: string }>(
      "POST",
      `/api/v1/channels/${props.channelId}/webhooks`,
      { url, events },
    );
    setBusy(false);
    if (!res.ok) return setError(res.data?.message ?? t("webhooks.failed"));
    const { secret, ...hook } = res.data;
    setSecret(secret);
    setCopied(false);
    setHooks([...hooks, hook]);
    setUrl("");
  };
  const toggle = (event: string, on: boolean) =>
    setEvents(on ? [...events, event] : events.filter((e) => e !== event));
  return (
    <div class="webhooks" data-testid="webhooks">
      <p class="field-hint">{t("webhooks.hint")}</p>
      <form class="card webhook-form" onSubmit={add}>
        <div class="field">
          <label for="webhook-url">{t("webhooks.url")}</label>
          <input
            id="webhook-url"
            type="url"
            required
            placeholder="https://"
            value={url}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? "webhook-url-error" : undefined}
          />
          {error && <p id="webhook-url-error" class="field-error" role="alert">{error}</p>}
        </div>
        <fieldset class="webhook-choices">
          <legend>{t("webhooks.events")}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label class="checkbox" key={event}>
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, (e.target as HTMLInputElement).checked)}
              />
              <span>
                {t(eventKey(event))} <code>{event}</code>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" class="btn btn-primary" disabled={busy || !url || events.length === 0}>
          {t("webhooks.add")}
        </button>
      </form>
      {secret && (
        <div class="notice notice-warning webhook-secret" role="status" data-testid="webhook-secret">
          <strong>{t("webhooks.secret_title")}</strong>
          <p>{t("webhooks.secret_once")}</p>
          <div class="webhook-secret-row">
            <code>{secret}</code>
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              onClick={async () => {
                await navigator.clipboard?.writeText(secret).catch(() => {});
                setCopied(true);
              }}
            >
              {copied ? t("webhooks.copied") : t("webhooks.copy")}
            </button>
          </div>
        </div>
      )}
      {hooks.length === 0 && <p class="field-hint">{t("webhooks.none")}</p>}
      {hooks.map((hook) => (
        <DeliveryLog
          key={hook.id}
          hook={hook}
          onRemoved={() => setHooks(hooks.filter((h) => h.id !== hook.id))}
        />
      ))}
    </div>
  );
}

export default island("WebhooksPanel", WebhooksPanel, { ns: ["webhooks"] });
