// A staff profile's two-factor sign-in: enrolment with an authenticator app or a passkey, recovery codes,
// turning it off, an administrator's reset of a colleague's, and who must have one.
import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api, errorMessage } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
import { addPasskey, passkeysSupported } from "./browser/passkey.ts";
import { RecoveryCodes, TwoFactorPolicy } from "../components/users/TwoFactorPolicy.tsx";
import { secondStepError, TotpEnrolment } from "../components/auth/SecondStepForm.tsx";
import { CodeForm } from "../components/auth/CodeForm.tsx";
import type { TwoFactorPolicy as Policy } from "../lib/rules/two_factor.ts";

interface Props {
  userId: number;
  /** The profile is the viewer's own: enrol here. */
  self: boolean;
  enrolled: boolean;
  /** An authenticator app is set up (a passkey alone leaves the app to add). */
  app: boolean;
  passkeys: number;
  required: boolean;
  recoveryCodesLeft: number;
  /** An administrator on a colleague's profile: may reset a lost factor. */
  canReset: boolean;
  /** Who must have a factor, for a viewer who may change it (null: not shown). */
  policy: { channel: Policy | null; platform: Policy } | null;
  isSuperAdmin: boolean;
}

/** A profile's two-factor sign-in: enrolment with the QR code, recovery codes, a reset, who must have one. */
function TwoFactorProfile(props: Props) {
  const { t } = useT();
  const [enrolled, setEnrolled] = useState(props.enrolled);
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_path: string; qr_size: number } | null>(
    null,
  );
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [app, setApp] = useState(props.app);
  const [passkeys, setPasskeys] = useState(props.passkeys);
  // known in the browser only: the server's page has no button the browser could not use
  const [canPasskey, setCanPasskey] = useState(false);
  useEffect(() => setCanPasskey(passkeysSupported()), []);

  const start = async () => {
    setBusy(true);
    const res = await api<{ secret: string; qr_path: string; qr_size: number }>(
      "POST",
      "/api/v1/two-factor/enrol",
      {},
    );
    setBusy(false);
    if (res.ok) setEnrolment(res.data);
    else setError(errorMessage(res.data, t("auth.network_error")));
  };
  const confirm = async (code: string) => {
    setBusy(true);
    const res = await api<{ recovery_codes: string[] }>("POST", "/api/v1/two-factor/confirm", { code });
    setBusy(false);
    if (!res.ok) {
      setError(secondStepError(t, res.data));
      return false;
    }
    setError(null);
    setEnrolled(true);
    setApp(true);
    setEnrolment(null);
    setCodes(res.data.recovery_codes);
    return true;
  };
  const passkey = async () => {
    setBusy(true);
    const res = await addPasskey();
    setBusy(false);
    if (!res.ok) {
      return setError(res.status === 0 ? t("errors.passkey_cancelled") : secondStepError(t, res.data));
    }
    setError(null);
    setEnrolled(true);
    setPasskeys((n) => n + 1);
    if (res.data?.recovery_codes) setCodes(res.data.recovery_codes);
    showToast(t("users.two_factor.passkey_added"));
  };
  const reset = async () => {
    if (!confirm_(t("users.two_factor.reset_confirm"))) return;
    const res = await api("DELETE", `/api/v1/users/${props.userId}/two-factor`);
    if (res.ok) {
      setEnrolled(false);
      setApp(false);
      setPasskeys(0);
      showToast(t("users.two_factor.reset_done"));
    } else showToast(errorMessage(res.data, t("auth.network_error")), { kind: "warning" });
  };
  // turning one's own factor off is confirmed by a code: an open session alone is not enough
  const [turningOff, setTurningOff] = useState(false);
  const turnOff = async (code: string) => {
    setBusy(true);
    const res = await api("POST", "/api/v1/two-factor/turn-off", { code });
    setBusy(false);
    if (!res.ok) {
      const refusal = (res.data as { code?: string } | null)?.code;
      setError(
        refusal === "two_factor_required" ? t("errors.two_factor_required") : secondStepError(t, res.data),
      );
      return false;
    }
    setError(null);
    setTurningOff(false);
    setEnrolled(false);
    setApp(false);
    setPasskeys(0);
    setCodes(null);
    showToast(t("users.two_factor.turned_off"));
    return true;
  };

  return (
    <div class="two-factor">
      {props.self
        ? (
          <p>
            {enrolled
              ? t(app ? "users.two_factor.on" : "users.two_factor.on_passkey", {
                count: codes?.length ?? props.recoveryCodesLeft,
              })
              : t("users.two_factor.off")}{" "}
            {props.required && <strong>{t("users.two_factor.required")}</strong>}
          </p>
        )
        : <p>{enrolled ? t("users.two_factor.other_on") : t("users.two_factor.other_off")}</p>}
      {error && <p class="notice notice-error" role="alert">{error}</p>}
      {codes && <RecoveryCodes codes={codes} />}
      {props.self && <p>{t("users.two_factor.passkeys", { count: passkeys })}</p>}
      {props.self && !enrolment && (
        <p class="two-factor-actions">
          {!app && (
            <button type="button" class="btn btn-primary" disabled={busy} onClick={start}>
              {t("users.two_factor.start")}
            </button>
          )} {canPasskey && (
            <button type="button" class="btn btn-secondary" disabled={busy} onClick={passkey}>
              {t("users.two_factor.add_passkey")}
            </button>
          )}
        </p>
      )}
      {enrolment && (
        <CodeForm
          id="two-factor-code"
          onCode={confirm}
          busy={busy}
          submit={t("users.two_factor.confirm")}
          submitClass="btn btn-primary"
        >
          <p>{t("users.two_factor.enrol_intro")}</p>
          <TotpEnrolment enrolment={enrolment} />
        </CodeForm>
      )}
      {props.self && enrolled && !props.required && !enrolment && !turningOff && (
        <button
          type="button"
          class="btn btn-secondary"
          onClick={() => setTurningOff(true)}
        >
          {t("users.two_factor.turn_off")}
        </button>
      )}
      {turningOff && enrolled && (
        <CodeForm
          id="two-factor-off-code"
          onCode={turnOff}
          busy={busy}
          submit={t("users.two_factor.turn_off")}
          submitClass="btn btn-danger"
          class="two-factor-turn-off"
        >
          <p>{t("users.two_factor.turn_off_intro")}</p>
        </CodeForm>
      )}
      {props.canReset && !props.self && enrolled && (
        <button type="button" class="btn btn-secondary" onClick={reset}>{t("users.two_factor.reset")}</button>
      )}
      {props.policy && <TwoFactorPolicy policy={props.policy} isSuperAdmin={props.isSuperAdmin} />}
    </div>
  );
}

// the page's own confirm(), not the form handler of the same name
const confirm_ = (text: string) => globalThis.confirm(text);

export default island("TwoFactorProfile", TwoFactorProfile, { ns: ["users", "auth", "errors"] });
