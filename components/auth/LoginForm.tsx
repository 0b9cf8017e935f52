import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { useCountdown } from "../../islands/browser/countdown.ts";
import { TextField } from "../channels/fields.tsx";
import { ssoStartAddress } from "../../lib/rules/sso.ts";
import { PasswordField } from "./AuthShell.tsx";
import type { SecondStepState } from "./SecondStepForm.tsx";

/** The password step's answer for an account with a second factor (or one its media requires). */
export interface LoginSecondStep {
  second_step: SecondStepState["step"];
  ticket: string;
}

/** A channel's OpenID provider (null: the platform's), offered as "Sign in with {name}". */
export interface SsoButton {
  channel_id: number | null;
  name: string;
}

/** Where to go once logged in: the safe `next`, else the landing the server gives. */
export type OnLoggedIn = (redirect: string) => void;

/** The login form (back-office §2, §4, §5): loading flag, 'All fields are required', the server's refusal. */
export function LoginForm(
  props: {
    email: string;
    /** The provider a link named; else the one of the typed e-mail's domain, asked when the field is left. */
    sso: SsoButton | null;
    /** The platform's provider: offered until the typed e-mail's domain names a provider of its own. */
    platformSso: SsoButton | null;
    next: string | null;
    onLoggedIn: OnLoggedIn;
    onRegister: () => void;
    onSecondStep: (state: SecondStepState) => void;
  },
) {
  const { t } = useT();
  const [email, setEmail] = useState(props.email);
  const [password, setPassword] = useState("");
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<{ text: string; code?: string } | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const [sso, setSso] = useState(props.sso ?? props.platformSso);
  const lookUpSso = async (address = email) => {
    if (props.sso || !address.includes("@")) return;
    const res = await api<{ provider: SsoButton | null }>(
      "GET",
      `/api/v1/auth/sso?email=${encodeURIComponent(address.trim())}`,
    );
    setSso((res.ok ? res.data.provider : null) ?? props.platformSso);
  };
  // too many failed attempts: the wait the server gave, counted down, and no submit until it is over
  const [wait, startWait, waited] = useCountdown();
  // what was typed or filled by the browser before the page's script ran stays: read once at hydration,
  // else the first render would empty the fields
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = (id: string) => form.current?.querySelector<HTMLInputElement>(`#${id}`)?.value ?? "";
    if (typed("login-email")) setEmail(typed("login-email"));
    if (typed("login-password")) setPassword(typed("login-password"));
    // an address typed (or filled by the browser) before the script ran is looked up now: its field may
    // already have been left, and will not be again
    void lookUpSso(typed("login-email"));
  }, []);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (loading || wait > 0) return;
    setResent(null);
    if (!email.trim() || !password) {
      setError({ text: t("errors.fields_required") });
      return;
    }
    setLoading(true);
    setError(null);
    const res = await api<{ redirect: string; code?: string } & Partial<LoginSecondStep>>(
      "POST",
      "/api/v1/auth",
      { email, password },
    );
    if (res.ok && res.data.second_step && res.data.ticket) {
      return props.onSecondStep({ step: res.data.second_step, ticket: res.data.ticket });
    }
    if (res.ok) return props.onLoggedIn(res.data.redirect);
    setLoading(false);
    if (res.status === 429 && res.retryAfter) {
      startWait(res.retryAfter);
      setError({ text: "", code: "rate_limited" });
      return;
    }
    setError({
      text: res.status === 0
        ? t("auth.network_error")
        : errorMessage(res.data, t("errors.invalid_credentials")),
      code: res.data?.code,
    });
  };

  const resend = async () => {
    const res = await api<{ message: string }>("POST", "/api/v1/users/resend", { email });
    setResent(errorMessage(res.data, t("auth.network_error")));
  };

  return (
    <form ref={form} class="auth-form" onSubmit={submit} noValidate aria-busy={loading}>
      <h1>{t("auth.login_title")}</h1>
      <p class="muted">{t("auth.login_intro")}</p>
      {error && !(error.code === "rate_limited" && wait === 0) && (
        <div class="notice notice-error" role="alert">
          {error.code === "rate_limited"
            ? (
              <p>
                <span class="sr-only">{t("errors.rate_limited", { seconds: waited, count: waited })}</span>
                <span aria-hidden="true" data-wait={wait}>
                  {t("errors.rate_limited", { seconds: wait, count: wait })}
                </span>
              </p>
            )
            : <p>{error.text}</p>}
          {error.code === "account_unconfirmed" && (
            <button type="button" class="btn btn-link" onClick={resend}>{t("auth.resend")}</button>
          )}
        </div>
      )}
      {resent && <p class="notice notice-info" role="status">{resent}</p>}
      <TextField
        id="login-email"
        type="email"
        label={t("auth.email")}
        value={email}
        autoComplete="username"
        disabled={loading}
        onInput={setEmail}
        onBlur={() => lookUpSso()}
      />
      <PasswordField
        id="login-password"
        label={t("auth.password")}
        value={password}
        autoComplete="current-password"
        disabled={loading}
        onInput={setPassword}
      />
      <p class="auth-forgot">
        <a href={`/forgot-password${email ? `?email=${encodeURIComponent(email)}` : ""}`}>
          {t("auth.forgot")}
        </a>
      </p>
      <button type="submit" class="btn btn-primary btn-block" disabled={loading || wait > 0}>
        {loading && <span class="spinner" aria-hidden="true" />}
        {loading ? t("auth.logging_in") : t("auth.login_button")}
      </button>
      {sso && (
        <a
          class="btn btn-secondary btn-block auth-sso"
          href={ssoStartAddress(sso.channel_id, props.next)}
        >
          {t("auth.sso_button", { name: sso.name })}
        </a>
      )}
      <p class="auth-switch">
        {t("auth.no_account")}{" "}
        <button type="button" class="btn btn-link" onClick={props.onRegister}>
          {t("auth.register_title")}
        </button>
      </p>
    </form>
  );
}
