import { useEffect, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { useCountdown } from "../../islands/browser/countdown.ts";
import { CodeForm } from "./CodeForm.tsx";
import type { OnLoggedIn } from "./LoginForm.tsx";
import type { TFunction } from "../../lib/rules/i18n.ts";
import { passkeysSupported, signInWithPasskey } from "../../islands/browser/passkey.ts";

/** What the password step left to do: give a code of one's factor, or enrol one first. */
export interface SecondStepState {
  step: "code" | "enrol";
  ticket: string;
}

// the page's language, which the API's own message (in the browser's) may not be
const SECOND_STEP_ERRORS = new Set([
  "invalid_code",
  "code_used",
  "second_step_expired",
  "invalid_passkey",
  "passkey_none",
  "passkey_refused",
]);

/** The refusal of a code, in the page's language for the second step's own errors. */
export function secondStepError(t: TFunction, data: unknown): string {
  const code = (data as { code?: string } | null)?.code;
  if (code && SECOND_STEP_ERRORS.has(code)) return t(`errors.${code}`);
  return errorMessage(data, t("errors.invalid_code"));
}

interface Enrolment {
  secret: string;
  qr_path: string;
  qr_size: number;
}

/**
 * The second step of sign-in: a code of the authenticator app (or a recovery code); when the media
 * requires a factor the account lacks, its QR code and key first, and the recovery codes after.
 */
export function SecondStepForm(props: SecondStepState & { onLoggedIn: OnLoggedIn; onBack: () => void }) {
  const { t } = useT();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [done, setDone] = useState<{ redirect: string; codes: string[] } | null>(null);
  const [wait, startWait] = useCountdown();

  useEffect(() => {
    if (props.step !== "enrol") return;
    api<Enrolment>("POST", "/api/v1/auth/second-step/enrol", { ticket: props.ticket }).then((res) => {
      if (res.ok) setEnrolment(res.data);
      else setError(errorMessage(res.data, t("auth.network_error")));
    });
  }, []);

  const submit = async (code: string) => {
    if (!code) return true;
    setLoading(true);
    setError(null);
    const res = await api<{ redirect: string; recovery_codes?: string[] }>(
      "POST",
      "/api/v1/auth/second-step",
      { ticket: props.ticket, code },
    );
    setLoading(false);
    if (!res.ok) {
      if (res.status === 429 && res.retryAfter) startWait(res.retryAfter);
      setError(res.status === 0 ? t("auth.network_error") : secondStepError(t, res.data));
      return false;
    }
    if (res.data.recovery_codes) setDone({ redirect: res.data.redirect, codes: res.data.recovery_codes });
    else props.onLoggedIn(res.data.redirect);
    return true;
  };

  const passkey = async () => {
    if (loading || wait > 0) return;
    setLoading(true);
    setError(null);
    const res = await signInWithPasskey(props.ticket);
    setLoading(false);
    if (res.ok && res.data) return props.onLoggedIn(res.data.redirect);
    if (res.status === 429 && res.retryAfter) startWait(res.retryAfter);
    setError(res.status === 0 ? t("errors.passkey_cancelled") : secondStepError(t, res.data));
  };

  if (done) {
    return (
      <div class="auth-form">
        <h1>{t("auth.two_factor.recovery_title")}</h1>
        <p class="muted">{t("auth.two_factor.recovery_intro")}</p>
        <ul class="recovery-codes" aria-label={t("auth.two_factor.recovery_title")}>
          {done.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          class="btn btn-primary btn-block"
          onClick={() => props.onLoggedIn(done.redirect)}
        >
          {t("auth.two_factor.continue")}
        </button>
      </div>
    );
  }
  return (
    <CodeForm
      id="second-step-code"
      onCode={submit}
      busy={loading}
      waiting={wait > 0}
      submit={
        <>
          {loading && <span class="spinner" aria-hidden="true" />}
          {loading ? t("auth.two_factor.verifying") : t("auth.two_factor.verify")}
        </>
      }
      submitClass="btn btn-primary btn-block"
      class="auth-form"
      after={
        <>
          {props.step === "code" && passkeysSupported() && (
            <button
              type="button"
              class="btn btn-secondary btn-block auth-passkey"
              disabled={loading || wait > 0}
              onClick={passkey}
            >
              {t("auth.two_factor.use_passkey")}
            </button>
          )}
          <p class="auth-switch">
            <button type="button" class="btn btn-link" onClick={props.onBack}>
              {t("auth.two_factor.back")}
            </button>
          </p>
        </>
      }
    >
      <h1>{t("auth.two_factor.title")}</h1>
      {props.step === "enrol"
        ? <p class="muted">{t("auth.two_factor.enrol_intro")}</p>
        : <p class="muted">{t("auth.two_factor.code_intro")}</p>}
      {error && <p class="notice notice-error" role="alert">{error}</p>}
      {enrolment && <TotpEnrolment enrolment={enrolment} />}
    </CodeForm>
  );
}

/** The QR code an authenticator app scans, and its key for typing by hand. */
export function TotpEnrolment(props: { enrolment: Enrolment }) {
  const { t } = useT();
  return (
    <div class="totp-enrolment">
      {/* drawn by the server from the otpauth:// address (lib/rules/qr.ts); the key below says the same in text */}
      <svg
        class="totp-qr"
        aria-hidden="true"
        viewBox={`0 0 ${props.enrolment.qr_size} ${props.enrolment.qr_size}`}
        shape-rendering="crispEdges"
      >
        <rect width={props.enrolment.qr_size} height={props.enrolment.qr_size} fill="#fff" />
        <path d={props.enrolment.qr_path} fill="#000" />
      </svg>
      <p>
        {t("auth.two_factor.secret_label")} <code class="totp-secret">{props.enrolment.secret}</code>
      </p>
    </div>
  );
}
