// A channel's phone lines (WhatsApp, SMS, voicemail): connecting them, their webhook addresses and the
// interaction each line feeds.
import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api } from "./browser/http.ts";
import { LineTemplateForm } from "../components/lines/LineTemplateForm.tsx";
import { LINE_KINDS, type LineKind, lineWebhookUrl } from "../lib/rules/line_kinds.ts";

type Line = {
  id: number;
  kind: LineKind;
  label: string;
  address: string;
  segment_id: number | null;
  credentials_set: boolean;
  template: { name: string; language: string } | null;
  webhook_url: string;
};
type Target = { id: number; title: string };
type Props = { channelId: number; lines: Line[]; targets: Target[]; webhookBase: string };

const FIELDS: Record<"whatsapp" | "twilio", string[]> = {
  whatsapp: ["app_secret", "access_token", "verify_token"],
  twilio: ["account_sid", "auth_token"],
};
const fieldsOf = (kind: LineKind) => FIELDS[kind === "whatsapp" ? "whatsapp" : "twilio"];

/** A WhatsApp line's template as the API takes it: both its name and language, or none (null). */
const templateOf = (name = "", language = "") =>
  name.trim() && language.trim() ? { name: name.trim(), language: language.trim() } : null;

/**
 * A channel's phone lines: connect a WhatsApp number, an SMS number or a voicemail line with its
 * provider's credentials (sealed, never shown again), see the webhook address to paste at the provider,
 * and switch the interaction each line feeds during a show.
 */
function LinesPanel(props: Props) {
  const { t } = useT();
  const [lines, setLines] = useState(props.lines);
  const [kind, setKind] = useState<LineKind>("whatsapp");
  const [form, setForm] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string) => setForm({ ...form, [name]: value });
  const add = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const credentials = Object.fromEntries(fieldsOf(kind).map((f) => [f, form[f] ?? ""]));
    const template = templateOf(form.template_name, form.template_language);
    const res = await api<Line & { message?: string }>("POST", `/api/v1/channels/${props.channelId}/lines`, {
      kind,
      label: form.label ?? "",
      address: form.address ?? "",
      segment_id: form.segment_id ? Number(form.segment_id) : null,
      credentials,
      ...(kind === "whatsapp" && template ? { template } : {}),
    });
    setBusy(false);
    if (!res.ok) return setError(res.data?.message ?? t("errors.invalid_value"));
    const webhook_url = lineWebhookUrl(props.webhookBase, res.data);
    setLines([...lines, { ...res.data, webhook_url }]);
    setForm({});
  };
  const feed = async (line: Line, segmentId: string) => {
    const segment_id = segmentId ? Number(segmentId) : null;
    const res = await api<Line>("PUT", `/api/v1/lines/${line.id}`, {
      kind: line.kind,
      label: line.label,
      address: line.address,
      segment_id,
    });
    if (res.ok) setLines(lines.map((l) => l.id === line.id ? { ...l, segment_id } : l));
  };
  const saveTemplate = async (line: Line, e: Event) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget as HTMLFormElement);
    const template = templateOf(String(data.get("name") ?? ""), String(data.get("language") ?? ""));
    const res = await api<Line & { message?: string }>("PUT", `/api/v1/lines/${line.id}`, {
      kind: line.kind,
      label: line.label,
      address: line.address,
      segment_id: line.segment_id,
      template,
    });
    if (!res.ok) return setError(res.data?.message ?? t("errors.invalid_value"));
    setError(null);
    setLines(lines.map((l) => l.id === line.id ? { ...l, template: res.data.template } : l));
  };
  const remove = async (line: Line) => {
    const res = await api("DELETE", `/api/v1/lines/${line.id}`);
    if (res.ok) setLines(lines.filter((l) => l.id !== line.id));
  };
  const targets = (value: number | null, onChange: (v: string) => void, id: string) => (
    <select
      id={id}
      class="input"
      value={value ?? ""}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      <option value="">{t("lines.no_segment")}</option>
      {props.targets.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
    </select>
  );
  return (
    <div class="lines" data-testid="lines">
      <p class="field-hint">{t("lines.intro")}</p>
      {lines.length === 0 && <p class="field-hint">{t("lines.empty")}</p>}
      <ul class="lines-list">
        {lines.map((line) => (
          <li key={line.id} class="card line-card" data-line-id={line.id}>
            <div class="line-head">
              <strong>{t(`lines.kind_${line.kind}`)}</strong>
              <span>{line.label || line.address}</span>
              {line.credentials_set && <span class="muted">{t("lines.credentials_set")}</span>}
            </div>
            <div class="field">
              <label for={`line-url-${line.id}`}>{t("lines.webhook_url")}</label>
              <input id={`line-url-${line.id}`} class="input" readOnly value={line.webhook_url} />
            </div>
            <div class="field">
              <label for={`line-feed-${line.id}`}>{t("lines.segment")}</label>
              {targets(line.segment_id, (v) => feed(line, v), `line-feed-${line.id}`)}
            </div>
            {line.kind === "whatsapp" && (
              <LineTemplateForm
                line={line}
                onSubmit={(e) => saveTemplate(line, e)}
              />
            )}
            <button type="button" class="btn btn-link btn-sm" onClick={() => remove(line)}>
              {t("lines.remove")}
            </button>
          </li>
        ))}
      </ul>
      <form class="card line-form" onSubmit={add}>
        <div class="field">
          <label for="line-kind">{t("lines.kind")}</label>
          <select
            id="line-kind"
            class="input"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as LineKind)}
          >
            {LINE_KINDS.map((k) => <option key={k} value={k}>{t(`lines.kind_${k}`)}</option>)}
          </select>
        </div>
        {["label", "address"].map((name) => (
          <div class="field" key={name}>
            <label for={`line-${name}`}>{t(`lines.${name}`)}</label>
            <input
              id={`line-${name}`}
              class="input"
              value={form[name] ?? ""}
              onInput={(e) => set(name, e.currentTarget.value)}
            />
          </div>
        ))}
        <div class="field">
          <label for="line-segment">{t("lines.segment")}</label>
          {targets(form.segment_id ? Number(form.segment_id) : null, (v) =>
            set("segment_id", v), "line-segment")}
        </div>
        {fieldsOf(kind).map((name) => (
          <div class="field" key={name}>
            <label for={`line-${name}`}>{t(`lines.${name}`)}</label>
            <input
              id={`line-${name}`}
              class="input"
              type={name === "account_sid" ? "text" : "password"}
              autoComplete="off"
              required
              value={form[name] ?? ""}
              onInput={(e) => set(name, e.currentTarget.value)}
            />
          </div>
        ))}
        {kind === "whatsapp" &&
          ["template_name", "template_language"].map((name) => (
            <div class="field" key={name}>
              <label for={`line-${name}`}>{t(`lines.${name}`)}</label>
              <input
                id={`line-${name}`}
                class="input"
                value={form[name] ?? ""}
                onInput={(e) => set(name, e.currentTarget.value)}
              />
            </div>
          ))}
        {error && <p class="field-error" role="alert">{error}</p>}
        <button type="submit" class="btn btn-primary" disabled={busy}>{t("lines.add")}</button>
      </form>
    </div>
  );
}

export default island("LinesPanel", LinesPanel, { ns: ["lines", "errors"] });
