import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api } from "./browser/http.ts";
import { WEBHOOK_EVENTS } from "../lib/rules/webhooks.ts";
import { DeliveryLog, eventKey, type Hook } from "../components/webhooks/DeliveryLog.tsx";

type Props = {
  channelId: number;
  hooks: Hook[];
};

/**
 * A channel's webhooks: add an https endpoint and its events (the signing secret is shown once),
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
