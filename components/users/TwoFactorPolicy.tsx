// Who must sign in with a second factor: the channel's rule for its administrator, the platform's for a
// super administrator, each saved as soon as it is chosen.
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { SelectField } from "../channels/fields.tsx";
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy as Policy } from "../../lib/rules/two_factor.ts";

export function TwoFactorPolicy(
  props: { policy: { channel: Policy | null; platform: Policy }; isSuperAdmin: boolean },
) {
  const { t } = useT();
  const save = async (scope: "channel" | "platform", policy: string) => {
    const res = await api("PUT", "/api/v1/two-factor/policy", { scope, policy });
    showToast(res.ok ? t("users.two_factor.policy_saved") : errorMessage(res.data, t("auth.network_error")));
  };
  const options = TWO_FACTOR_POLICIES.map((p) => ({ value: p, label: t(`users.two_factor.policy_${p}`) }));
  return (
    <>
      {props.policy.channel && (
        <SelectField
          id="two-factor-channel"
          label={t("users.two_factor.policy_channel")}
          value={props.policy.channel}
          options={options}
          onChange={(v) => save("channel", v)}
        />
      )}
      {props.isSuperAdmin && (
        <SelectField
          id="two-factor-platform"
          label={t("users.two_factor.policy_platform")}
          value={props.policy.platform}
          options={options}
          onChange={(v) => save("platform", v)}
        />
      )}
    </>
  );
}

/** The recovery codes just made, shown once: each opens the account when the phone is lost. */
export function RecoveryCodes(props: { codes: string[] }) {
  const { t } = useT();
  return (
    <div class="notice notice-info" role="status">
      <p>
        <strong>{t("auth.two_factor.recovery_title")}</strong> — {t("auth.two_factor.recovery_intro")}
      </p>
      <ul class="recovery-codes">
        {props.codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
