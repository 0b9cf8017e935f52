import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api } from "./browser/http.ts";
import { AUDIT_RETENTION_RANGE } from "../lib/rules/audit.ts";
import type { SsoSettingsView as Settings } from "../lib/rules/sso.ts";

interface Props {
  channelId: number;
  settings: Settings | null;
  redirectUri: string;
  loginLink: string;
  retentionMonths: number;
}

type Problem = { message?: string; fields?: Record<string, string[]> };

/** A channel's sign-in (its OpenID provider, password sign-in on or off) and how long its audit log is kept. */
function SignInSettings(props: Props) {
  const { t } = useT();
  const s = props.settings;
  const [form, setForm] = useState({
    display_name: s?.display_name ?? "",
    issuer: s?.issuer ?? "",
    client_id: s?.client_id ?? "",
    client_secret: "",
    email_domains: s?.email_domains.join(", ") ?? "",
    password_sign_in: s?.password_sign_in ?? true,
    create_accounts: s?.create_accounts ?? false,
    provider_two_factor: s?.provider_two_factor ?? false,
    role_claim: s?.role_claim ?? "groups",
    administrator_groups: s?.administrator_groups.join("\n") ?? "",
    operator_groups: s?.operator_groups.join("\n") ?? "",
  });
  const [stored, setStored] = useState(!!s);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [months, setMonths] = useState(String(props.retentionMonths));
  const [retention, setRetention] = useState<{ ok: boolean; text: string } | null>(null);
  const url = `/api/v1/channels/${props.channelId}`;

  const save = async (e: Event) => {
    e.preventDefault();
    setNotice(null);
    const res = await api<Problem>("PUT", `${url}/sso`, form);
    if (!res.ok) return setProblem(res.data ?? {});
    setProblem(null);
    setStored(true);
    setForm({ ...form, client_secret: "" });
    setNotice(t("auth.sso.saved"));
  };
  const remove = async () => {
    const res = await api<Problem>("DELETE", `${url}/sso`);
    if (!res.ok) return setProblem(res.data ?? {});
    setStored(false);
    setNotice(t("auth.sso.removed"));
  };
  const saveRetention = async (e: Event) => {
    e.preventDefault();
    const res = await api<Problem>("PUT", `${url}/audit-retention`, { months: Number(months) });
    setRetention({
      ok: res.ok,
      text: res.ok ? t("audit.retention_saved") : t("errors.audit_retention_range"),
    });
  };

  const error = (name: string) => problem?.fields?.[name]?.[0];
  const text = (name: keyof typeof form, type = "text", hint?: string) => (
    <div class="field">
      <label for={`sso-${name}`}>{t(`auth.sso.${name}`)}</label>
      <input
        id={`sso-${name}`}
        type={type}
        value={form[name] as string}
        autoComplete="off"
        aria-invalid={error(name) ? "true" : undefined}
        aria-describedby={error(name) ? `sso-${name}-error` : hint ? `sso-${name}-hint` : undefined}
        onInput={(e) => setForm({ ...form, [name]: (e.target as HTMLInputElement).value })}
      />
      {hint && <p id={`sso-${name}-hint`} class="field-hint">{hint}</p>}
      {error(name) && (
        <p id={`sso-${name}-error`} class="field-error" role="alert">{t(`errors.${error(name)}`)}</p>
      )}
    </div>
  );
  // one group a line: a name or an id, as the provider writes it in the claim
  const groups = (name: "administrator_groups" | "operator_groups") => (
    <div class="field">
      <label for={`sso-${name}`}>{t(`auth.sso.${name}`)}</label>
      <textarea
        id={`sso-${name}`}
        rows={2}
        value={form[name]}
        aria-invalid={error(name) ? "true" : undefined}
        aria-describedby={error(name) ? `sso-${name}-error` : "sso-groups-hint"}
        onInput={(e) => setForm({ ...form, [name]: (e.target as HTMLTextAreaElement).value })}
      />
      {error(name) && (
        <p id={`sso-${name}-error`} class="field-error" role="alert">{t(`errors.${error(name)}`)}</p>
      )}
    </div>
  );
  const check = (
    name: "password_sign_in" | "create_accounts" | "provider_two_factor",
    label: string,
    on: boolean,
  ) => (
    <label class="checkbox">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => {
          const checked = (e.target as HTMLInputElement).checked;
          setForm({ ...form, [name]: name === "password_sign_in" ? !checked : checked });
        }}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <div class="sign-in-settings">
      <form class="card" onSubmit={save} data-testid="sso-form">
        <h2>{t("auth.sso.title")}</h2>
        <p class="field-hint">{t("auth.sso.intro")}</p>
        {notice && <p class="notice notice-success" role="status">{notice}</p>}
        {problem && !problem.fields && <p class="notice notice-error" role="alert">{problem.message}</p>}
        {text("display_name", "text", t("auth.sso.display_name_hint"))}
        {text("issuer", "url", t("auth.sso.issuer_hint"))}
        {text("client_id")}
        {text("client_secret", "password", stored ? t("auth.sso.client_secret_kept") : undefined)}
        {text("email_domains", "text", t("auth.sso.email_domains_hint"))}
        <fieldset class="sso-roles">
          <legend>{t("auth.sso.roles_title")}</legend>
          <p id="sso-groups-hint" class="field-hint">{t("auth.sso.roles_hint")}</p>
          {text("role_claim")}
          {groups("administrator_groups")}
          {groups("operator_groups")}
        </fieldset>
        {check("password_sign_in", t("auth.sso.password_off"), !form.password_sign_in)}
        {check("create_accounts", t("auth.sso.create_accounts"), form.create_accounts)}
        {check("provider_two_factor", t("auth.sso.provider_two_factor"), form.provider_two_factor)}
        <dl class="sso-addresses">
          <dt>{t("auth.sso.redirect_uri")}</dt>
          <dd>
            <code>{props.redirectUri}</code>
          </dd>
          {stored && (
            <>
              <dt>{t("auth.sso.login_link")}</dt>
              <dd>
                <code>{props.loginLink}</code>
              </dd>
            </>
          )}
        </dl>
        <div class="form-actions">
          <button type="submit" class="btn btn-primary">{t("auth.sso.save")}</button>
          {stored && (
            <button type="button" class="btn btn-secondary" onClick={remove}>{t("auth.sso.remove")}</button>
          )}
        </div>
      </form>
      <form class="card" onSubmit={saveRetention} data-testid="retention-form">
        <h2>{t("audit.title")}</h2>
        <div class="field">
          <label for="audit-retention">{t("audit.retention")}</label>
          <input
            id="audit-retention"
            type="number"
            min={AUDIT_RETENTION_RANGE.min}
            max={AUDIT_RETENTION_RANGE.max}
            value={months}
            aria-describedby="audit-retention-hint"
            onInput={(e) => setMonths((e.target as HTMLInputElement).value)}
          />
          <p id="audit-retention-hint" class="field-hint">{t("audit.retention_hint")}</p>
        </div>
        {retention && (
          <p
            class={`notice ${retention.ok ? "notice-success" : "notice-error"}`}
            role={retention.ok ? "status" : "alert"}
          >
            {retention.text}
          </p>
        )}
        <button type="submit" class="btn btn-primary">{t("auth.sso.save")}</button>
      </form>
    </div>
  );
}

export default island("SignInSettings", SignInSettings, { ns: ["auth", "audit", "errors"] });
