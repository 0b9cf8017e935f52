import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { type Registration, registrationError } from "../../lib/rules/accounts.ts";
import { LANGUAGES } from "../../lib/rules/languages.ts";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { SelectField, TextField } from "../channels/fields.tsx";
import { PasswordField } from "./AuthShell.tsx";

type Form = Registration & { language: string };

/** A text field of the form; its label is the i18n key `auth.<key>`. */
interface FieldSpec {
  key: Exclude<keyof Form, "password" | "language">;
  id: string;
  type?: "email" | "tel";
  hint?: string;
  autoComplete: string;
  maxLength: number;
}
const NAME_FIELDS: FieldSpec[] = [
  { key: "first_name", id: "reg-first", autoComplete: "given-name", maxLength: 80 },
  { key: "last_name", id: "reg-last", autoComplete: "family-name", maxLength: 80 },
];
const CONTACT_FIELDS: FieldSpec[] = [
  { key: "login", id: "reg-login", autoComplete: "nickname", maxLength: 60 },
  { key: "email", id: "reg-email", type: "email", autoComplete: "email", maxLength: 254 },
  { key: "phone", id: "reg-phone", type: "tel", hint: "auth.phone_hint", autoComplete: "tel", maxLength: 30 },
];

/** The register form (back-office §2, §5): the same rules as the server, checked before sending. */
export function RegisterForm(
  props: { email: string; lang: string; onRegistered: (email: string) => void; onLogin: () => void },
) {
  const { t } = useT();
  const [form, setForm] = useState<Form>({
    login: "",
    email: props.email,
    phone: "",
    password: "",
    first_name: "",
    last_name: "",
    language: (LANGUAGES as readonly string[]).includes(props.lang) ? props.lang : "fr",
  });
  const [error, setError] = useState<{ text: string; fields: string[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const bad = (key: string) => error?.fields.includes(key) ? error.text : undefined;
  const field = (f: FieldSpec) => (
    <TextField
      key={f.key}
      id={f.id}
      type={f.type}
      label={t(`auth.${f.key}`)}
      hint={f.hint ? t(f.hint) : undefined}
      value={form[f.key]}
      autoComplete={f.autoComplete}
      error={bad(f.key)}
      onInput={set(f.key)}
      maxLength={f.maxLength}
    />
  );

  const submit = async (event: Event) => {
    event.preventDefault();
    if (loading) return;
    const invalid = registrationError(form);
    if (invalid) {
      setError({ text: t(`errors.${invalid.code}`), fields: invalid.fields });
      return;
    }
    setLoading(true);
    setError(null);
    const res = await api<{ fields?: Record<string, string[]> }>("POST", "/api/v1/register", form);
    setLoading(false);
    if (res.ok) return props.onRegistered(form.email.trim());
    setError({
      text: res.status === 0 ? t("auth.network_error") : errorMessage(res.data, t("errors.email_taken")),
      fields: Object.keys(res.data?.fields ?? {}),
    });
  };

  return (
    <form class="auth-form" onSubmit={submit} noValidate aria-busy={loading}>
      <h1>{t("auth.register_title")}</h1>
      <p class="muted">{t("auth.register_intro")}</p>
      {error && error.fields.length === 0 && <p class="notice notice-error" role="alert">{error.text}</p>}
      <div class="auth-grid">{NAME_FIELDS.map(field)}</div>
      {CONTACT_FIELDS.map(field)}
      <PasswordField
        id="reg-password"
        label={t("auth.password")}
        hint={t("auth.password_rule")}
        value={form.password}
        autoComplete="new-password"
        error={bad("password")}
        onInput={set("password")}
      />
      <SelectField
        id="reg-language"
        label={t("auth.language")}
        value={form.language}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`users.languages.${l}`) }))}
        onChange={set("language")}
      />
      <button type="submit" class="btn btn-primary btn-block" disabled={loading}>
        {loading && <span class="spinner" aria-hidden="true" />}
        {loading ? t("auth.registering") : t("auth.register_button")}
      </button>
      <p class="auth-switch">
        {t("auth.have_account")}{" "}
        <button type="button" class="btn btn-link" onClick={props.onLogin}>{t("auth.login_button")}</button>
      </p>
    </form>
  );
}
