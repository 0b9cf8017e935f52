/// <reference lib="dom" />
// My space → "My phone number": the channel's SMS or WhatsApp line texts a code to the listener's number,
// typed in here it links the number (their SMS and WhatsApp messages then show in my space and earn
// points). Shown only when the channel has a line that can text a code.
import { useEffect, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { visitorApi } from "../../islands/browser/http.ts";

interface Links {
  media: ("sms" | "whatsapp")[];
  numbers: { id: number; number: string }[];
}

export function PhoneLink(props: { channelId: number; onLinked: () => void }) {
  const { t } = useT();
  const [links, setLinks] = useState<Links | null>(null);
  const [number, setNumber] = useState("");
  const [code, setCode] = useState("");
  const [medium, setMedium] = useState<"sms" | "whatsapp" | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () =>
    visitorApi<Links>("GET", `/api/v1/app_users/phone_links?channel_id=${props.channelId}`)
      .then((res) => res.ok && setLinks(res.data));
  useEffect(() => void load(), [props.channelId]);
  if (!links || (!links.media.length && !links.numbers.length)) return null;

  const failed = (data: unknown) =>
    setMessage({
      error: true,
      text: (data as { message?: string })?.message ?? t("channel_widget.phone_link.failed"),
    });
  const ask = async (by: "sms" | "whatsapp") => {
    setBusy(true);
    setMessage(null);
    const res = await visitorApi("POST", "/api/v1/app_users/phone_links", {
      channel_id: props.channelId,
      medium: by,
      number,
    });
    setBusy(false);
    if (!res.ok) return failed(res.data);
    setMedium(by);
    setMessage({ error: false, text: t("channel_widget.phone_link.sent") });
  };
  const confirm = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const res = await visitorApi("POST", "/api/v1/app_users/phone_links/confirm", { medium, number, code });
    setBusy(false);
    if (!res.ok) return failed(res.data);
    setMedium(null);
    setCode("");
    setNumber("");
    setMessage({ error: false, text: t("channel_widget.phone_link.linked") });
    await load();
    props.onLinked();
  };
  const unlink = async (id: number) => {
    const res = await visitorApi("DELETE", `/api/v1/app_users/phone_links/${id}`);
    if (!res.ok) return failed(res.data);
    await load();
  };

  return (
    <section class="cw-phone" aria-labelledby="cw-phone-title" data-testid="phone-link">
      <h3 id="cw-phone-title">{t("channel_widget.phone_link.title")}</h3>
      <p class="cw-muted">{t("channel_widget.phone_link.hint")}</p>
      {links.numbers.map((n) => (
        <p key={n.id} class="cw-phone-number">
          <span>{n.number}</span>{" "}
          <button type="button" class="cw-link" onClick={() => unlink(n.id)}>
            {t("channel_widget.phone_link.unlink")}
          </button>
        </p>
      ))}
      {/* above the form: "Type it here" leads to the code field */}
      <div role="status" aria-live="polite">
        {message && <p class={message.error ? "cw-alert" : "cw-notice"}>{message.text}</p>}
      </div>
      {medium === null
        ? (
          <div class="cw-phone-ask">
            <label class="cw-field">
              <span>{t("channel_widget.phone_link.number")}</span>
              <input
                type="tel"
                autocomplete="tel"
                value={number}
                onInput={(e) => setNumber((e.target as HTMLInputElement).value)}
              />
            </label>
            {links.media.map((by) => (
              <button
                key={by}
                type="button"
                class="cw-btn cw-btn-alt cw-btn-small"
                disabled={busy || number.trim().length < 3}
                onClick={() => ask(by)}
              >
                {t(`channel_widget.phone_link.by_${by}`)}
              </button>
            ))}
          </div>
        )
        : (
          <form class="cw-phone-confirm" onSubmit={confirm}>
            <label class="cw-field">
              <span>{t("channel_widget.phone_link.code")}</span>
              <input
                inputMode="numeric"
                autocomplete="one-time-code"
                maxLength={6}
                value={code}
                onInput={(e) => setCode((e.target as HTMLInputElement).value)}
              />
            </label>
            <button type="submit" class="cw-btn cw-btn-small" disabled={busy || code.trim().length < 6}>
              {t("channel_widget.phone_link.confirm")}
            </button>
          </form>
        )}
    </section>
  );
}
