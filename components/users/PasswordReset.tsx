import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { TOAST_MS } from "../../lib/rules/constants.ts";
import { isEmail } from "../../lib/rules/validation.ts";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { Section } from "../channels/fields.tsx";

/**
 * Password reset by e-mail (back-office §2 User profile, §8): a warning without an e-mail, the server's
 * message on a refusal, the toast for 5 s; on one's own account 20 s, and the session ends.
 */
export function PasswordReset(props: { email: string; self: boolean }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);

  const reset = async () => {
    const email = props.email.trim();
    if (!email || !isEmail(email)) {
      showToast(t("errors.reset_email_required"), { kind: "warning" });
      return;
    }
    setBusy(true);
    const res = await api("POST", "/api/v1/users/reset", { email });
    if (!res.ok) {
      setBusy(false);
      showToast(errorMessage(res.data, t("errors.internal")), { kind: "warning" });
      return;
    }
    const sent = t("users.reset_sent", { email });
    if (!props.self) {
      setBusy(false);
      showToast(sent, { durationMs: TOAST_MS.default });
      return;
    }
    showToast(`${sent} ${t("users.reset_self_logout")}`, { durationMs: TOAST_MS.resetSelf });
    await api("POST", "/api/v1/logout");
    setLoggedOut(true);
    setTimeout(() => location.assign(`/login?email=${encodeURIComponent(email)}`), TOAST_MS.resetSelf);
  };

  return (
    <Section id="sec-password" title={t("users.password_title")}>
      <p class="field-hint">{t("users.password_text")}</p>
      {loggedOut
        ? (
          <p class="notice notice-info" role="status">
            {t("auth.logged_out")}{" "}
            <a href={`/login?email=${encodeURIComponent(props.email)}`}>{t("auth.login_button")}</a>
          </p>
        )
        : (
          <button type="button" class="btn btn-secondary" onClick={reset} disabled={busy}>
            {t("users.reset_password")}
          </button>
        )}
    </Section>
  );
}
