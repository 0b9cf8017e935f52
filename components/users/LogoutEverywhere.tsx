import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { Section } from "../channels/fields.tsx";

/** "Log out everywhere" on one's own profile: ends every session of the account, then back to /login. */
export function LogoutEverywhere(props: { email: string }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (busy || !confirm(t("sessions.logout_everywhere_confirm"))) return;
    setBusy(true);
    const res = await api("POST", "/api/v1/logout/all");
    if (!res.ok) {
      setBusy(false);
      showToast(errorMessage(res.data, t("errors.internal")), { kind: "warning" });
      return;
    }
    location.assign(`/login?logged_out&email=${encodeURIComponent(props.email)}`);
  };

  return (
    <Section id="sec-sessions" title={t("sessions.title")}>
      <p class="field-hint">{t("sessions.logout_everywhere_hint")}</p>
      <button
        type="button"
        class="btn btn-secondary"
        onClick={run}
        disabled={busy}
        data-testid="logout-everywhere"
      >
        {t("sessions.logout_everywhere")}
      </button>
    </Section>
  );
}
