import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { afterSwitchPath } from "../lib/rules/accounts.ts";
import { api, errorMessage } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";

interface Props {
  userId: number;
  channelId: number | null;
  channels: { id: number; label: string }[];
}

/** Super administrator: work on a channel, or none for super admin mode (§2: then /channels or /interactions). */
function CompanySwitch(props: Props) {
  const { t } = useT();
  const [choice, setChoice] = useState<number | null>(props.channelId);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const res = await api("PUT", `/api/v1/user/${props.userId}`, { channel_id: choice });
    if (res.ok) return location.assign(afterSwitchPath(choice));
    setBusy(false);
    showToast(errorMessage(res.data, t("users.save_failed")), { kind: "warning" });
  };

  return (
    <form class="company-switch" onSubmit={submit}>
      <div class="field">
        <label for="company">{t("users.channel")}</label>
        <select
          id="company"
          value={choice ?? ""}
          disabled={busy}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            setChoice(v ? Number(v) : null);
          }}
        >
          <option value="">{t("users.no_channel")}</option>
          {props.channels.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
        </select>
      </div>
      <button type="submit" class="btn btn-primary" disabled={busy || choice === props.channelId}>
        {busy ? t("users.switching") : t("users.switch")}
      </button>
    </form>
  );
}

export default island("CompanySwitch", CompanySwitch, { ns: ["users"] });
