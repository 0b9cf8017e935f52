import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { isVisitorPassword } from "../lib/rules/validation.ts";
import { api, errorMessage } from "./browser/http.ts";

interface Props {
  token: string;
}

/** The new-password form of a visitor's reset link: 8 characters at least, typed twice. */
function AccountResetForm({ token }: Props) {
  const { t } = useT();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!isVisitorPassword(password)) next.password = t("errors.password_too_short");
    else if (password !== confirm) next.confirm = t("account.passwords_differ");
    setErrors(next);
    if (next.password || next.confirm) return;
    setSaving(true);
    const res = await api<{ message?: string }>("POST", "/api/v1/app_users/reset_password", {
      token,
      password,
    });
    setSaving(false);
    if (res.ok) setDone(res.data?.message ?? t("account.reset_done"));
    else if (res.status === 0) setErrors({ form: t("account.network_error") });
    else setErrors({ form: errorMessage(res.data, t("errors.internal")) });
  };

  if (done) {
    return (
      <div class="notice notice-success account-done" role="status">
        <strong>{t("account.reset_done_title")}</strong>
        <p>{done}</p>
      </div>
    );
  }
  return (
    <form class="account-form" onSubmit={submit} noValidate>
      <p class="muted">{t("account.reset_intro")}</p>
      {errors.form && <p class="notice notice-error" role="alert">{errors.form}</p>}
      <div class="field">
        <label for="new-password">{t("account.new_password")}</label>
        <input
          id="new-password"
          type="password"
          autocomplete="new-password"
          value={password}
          aria-invalid={errors.password ? "true" : undefined}
          aria-describedby="new-password-help"
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
        <span id="new-password-help" class={errors.password ? "field-error" : "field-hint"}>
          {errors.password ?? t("account.password_hint")}
        </span>
      </div>
      <div class="field">
        <label for="confirm-password">{t("account.confirm_password")}</label>
        <input
          id="confirm-password"
          type="password"
          autocomplete="new-password"
          value={confirm}
          aria-invalid={errors.confirm ? "true" : undefined}
          onInput={(e) => setConfirm((e.target as HTMLInputElement).value)}
        />
        {errors.confirm && <span class="field-error" role="alert">{errors.confirm}</span>}
      </div>
      <button type="submit" class="btn btn-primary btn-block" disabled={saving}>
        {saving ? t("account.saving") : t("account.submit")}
      </button>
    </form>
  );
}

export default island("AccountResetForm", AccountResetForm, { ns: ["account", "errors"] });
