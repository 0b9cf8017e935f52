// The sign-in settings page's island: a channel's OpenID provider and password sign-in, with its audit
// log's retention; or the platform's provider, whose groups make super administrators.
import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api } from "./browser/http.ts";
import { AuditRetentionForm } from "../components/admin/AuditRetentionForm.tsx";
import type { PlatformSsoSettingsView, SsoSettingsView } from "../lib/rules/sso.ts";

type Props =
  & { redirectUri: string; loginLink: string }
  & (
    | { channelId: number; settings: SsoSettingsView | null; retentionMonths: number }
    /** The platform's provider (a super administrator's): no password switch, no accounts created. */
    | { channelId: null; settings: PlatformSsoSettingsView | null; retentionMonths?: undefined }
  );

type Problem = { message?: string; fields?: Record<string, string[]> };

/**
 * A channel's sign-in (its OpenID provider, password sign-in on or off) and how long its audit log is kept;
 * or the platform's provider, whose groups make super administrators.
 */
function SignInSettings(props: Props) {
  const { t } = useT();
  const platform = props.channelId === null;
  const s = props.settings as Partial<SsoSettingsView & PlatformSsoSettingsView> | null;
  const [form, setForm] = useState({
    display_name: s?.display_name ?? "",
    issuer: s?.issuer ?? "",
    client_id: s?.client_id ?? "",
    client_secret: "",
    email_domains: s?.email_domains?.join(", ") ?? "",
    password_sign_in: s?.password_sign_in ?? true,
    create_accounts: s?.create_accounts ?? false,
    provider_two_factor: s?.provider_two_factor ?? false,
    role_claim: s?.role_claim ?? "groups",
    administrator_groups: s?.administrator_groups?.join("\n") ?? "",
    operator_groups: s?.operator_groups?.join("\n") ?? "",
    super_administrator_groups: s?.super_administrator_groups?.join("\n") ?? "",
  });
  const [stored, setStored] = useState(!!s);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ssoUrl = platform ? "/api/v1/platform/sso" : `/api/v1/channels/${props.channelId}/sso`;

  const save = async (e: Event) => {
    e.preventDefault();
    setNotice(null);
    // each provider is sent the fields it has
    const { password_sign_in, create_accounts, administrator_groups, operator_groups, ...common } = form;
    const { super_administrator_groups: _platformOnly, ...shared } = common;
    const body = platform
      ? common
      : { ...shared, password_sign_in, create_accounts, administrator_groups, operator_groups };
    const res = await api<Problem>("PUT", ssoUrl, body);
    if (!res.ok) return setProblem(res.data ?? {});
    setProblem(null);
    setStored(true);
    setForm({ ...form, client_secret: "" });
    setNotice(t("auth.sso.saved"));
  };
  const remove = async () => {
    const res = await api<Problem>("DELETE", ssoUrl);
    if (!res.ok) return setProblem(res.data ?? {});
    setStored(false);
    setNotice(t(platform ? "auth.sso.platform_removed" : "auth.sso.removed"));
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
  const groups = (name: "administrator_groups" | "operator_groups" | "super_administrator_groups") => (
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
        <p class="field-hint">{t(platform ? "auth.sso.platform_intro" : "auth.sso.intro")}</p>
        {notice && <p class="notice notice-success" role="status">{notice}</p>}
        {problem && !problem.fields && <p class="notice notice-error" role="alert">{problem.message}</p>}
        {text("display_name", "text", t("auth.sso.display_name_hint"))}
        {text("issuer", "url", t("auth.sso.issuer_hint"))}
        {text("client_id")}
        {text("client_secret", "password", stored ? t("auth.sso.client_secret_kept") : undefined)}
        {text(
          "email_domains",
          "text",
          t(platform ? "auth.sso.platform_email_domains_hint" : "auth.sso.email_domains_hint"),
        )}
        <fieldset class="sso-roles">
          <legend>{t("auth.sso.roles_title")}</legend>
          <p id="sso-groups-hint" class="field-hint">
            {t(platform ? "auth.sso.platform_roles_hint" : "auth.sso.roles_hint")}
          </p>
          {text("role_claim")}
          {platform ? groups("super_administrator_groups") : (
            <>
              {groups("administrator_groups")}
              {groups("operator_groups")}
            </>
          )}
        </fieldset>
        {!platform && check("password_sign_in", t("auth.sso.password_off"), !form.password_sign_in)}
        {platform
          ? <p class="field-hint">{t("auth.sso.platform_no_accounts")}</p>
          : check("create_accounts", t("auth.sso.create_accounts"), form.create_accounts)}
        {check(
          "provider_two_factor",
          t(platform ? "auth.sso.platform_provider_two_factor" : "auth.sso.provider_two_factor"),
          form.provider_two_factor,
        )}
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
      {props.channelId !== null && (
        <AuditRetentionForm channelId={props.channelId} months={props.retentionMonths} />
      )}
    </div>
  );
}

export default island("SignInSettings", SignInSettings, { ns: ["auth", "audit", "errors"] });
