import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { isStaffPassword } from "../lib/rules/validation.ts";
import { api, errorMessage } from "./browser/http.ts";
import { PasswordField } from "../components/auth/AuthShell.tsx";

interface Props {
  /** confirm: /confirm/{token} (a password only for invited accounts); reset: /reset/{token}. */
  kind: "confirm" | "reset";
  token: string;
  email: string;
  askPassword: boolean;
}

/** Uses a mailed link: confirms the account (then logs in by token) or sets a new password. */
function TokenPasswordForm(props: Props) {
  const { t } = useT();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (props.askPassword) {
      if (!isStaffPassword(password)) {
        return setError({ field: "password", text: t("errors.invalid_password") });
      }
      if (password !== repeat) return setError({ field: "repeat", text: t("auth.passwords_differ") });
    }
    setBusy(true);
    setError(null);
    const body = props.askPassword ? { token: props.token, password } : { token: props.token };
    const res = await api<{ email: string; login_token?: string }>(
      "POST",
      props.kind === "confirm" ? "/api/v1/users/confirm" : "/api/v1/users/password",
      body,
    );
    if (res.ok) {
      location.assign(
        props.kind === "confirm"
          ? `/login?token=${encodeURIComponent(res.data.login_token!)}`
          : `/login?reset&email=${encodeURIComponent(res.data.email)}`,
      );
      return;
    }
    setBusy(false);
    setError({
      text: res.status === 0 ? t("auth.network_error") : errorMessage(res.data, t("errors.link_invalid")),
    });
  };

  const label = props.kind === "confirm" ? t("auth.confirm_button") : t("auth.reset_button");
  return (
    <form class="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
      {error && !error.field && <p class="notice notice-error" role="alert">{error.text}</p>}
      {props.askPassword && (
        <>
          <input
            type="email"
            class="sr-only"
            autoComplete="username"
            value={props.email}
            readOnly
            tabIndex={-1}
            aria-hidden="true"
          />
          <PasswordField
            id="new-password"
            label={t("auth.new_password")}
            hint={t("auth.password_rule")}
            value={password}
            autoComplete="new-password"
            error={error?.field === "password" ? error.text : undefined}
            onInput={setPassword}
          />
          <PasswordField
            id="repeat-password"
            label={t("auth.repeat_password")}
            value={repeat}
            autoComplete="new-password"
            error={error?.field === "repeat" ? error.text : undefined}
            onInput={setRepeat}
          />
        </>
      )}
      <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
        {busy && <span class="spinner" aria-hidden="true" />}
        {busy ? (props.kind === "confirm" ? t("auth.confirming") : t("auth.saving")) : label}
      </button>
    </form>
  );
}

export default island("TokenPasswordForm", TokenPasswordForm, { ns: ["auth", "errors"] });
