import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { isEmail } from "../lib/rules/validation.ts";
import { api, errorMessage } from "./browser/http.ts";
import { TextField } from "../components/channels/fields.tsx";

/** /forgot-password: asks for a reset link; the answer is the same whether the e-mail exists or not. */
function ForgotPassword(props: { email: string }) {
  const { t } = useT();
  const [email, setEmail] = useState(props.email);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (!isEmail(email)) return setResult({ ok: false, text: t("errors.reset_email_required") });
    setBusy(true);
    const res = await api<{ message: string }>("POST", "/api/v1/users/reset", { email });
    setBusy(false);
    setResult({
      ok: res.ok,
      text: res.status === 0 ? t("auth.network_error") : errorMessage(res.data, t("errors.internal")),
    });
  };

  return (
    <form class="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
      {result && (
        <p
          class={`notice ${result.ok ? "notice-success" : "notice-warning"}`}
          role={result.ok ? "status" : "alert"}
        >
          {result.text}
        </p>
      )}
      <TextField
        id="forgot-email"
        type="email"
        label={t("auth.email")}
        value={email}
        autoComplete="email"
        onInput={setEmail}
      />
      <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
        {busy && <span class="spinner" aria-hidden="true" />}
        {busy ? t("auth.sending") : t("auth.forgot_button")}
      </button>
    </form>
  );
}

export default island("ForgotPassword", ForgotPassword, { ns: ["auth", "errors"] });
