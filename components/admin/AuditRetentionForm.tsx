// How long a channel keeps its audit log, in months, on its sign-in settings page: a form of its own, saved
// apart from the sign-in provider.
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api } from "../../islands/browser/http.ts";
import { AUDIT_RETENTION_RANGE } from "../../lib/rules/audit.ts";

export function AuditRetentionForm(props: { channelId: number; months: number }) {
  const { t } = useT();
  const [months, setMonths] = useState(String(props.months));
  const [retention, setRetention] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (e: Event) => {
    e.preventDefault();
    const res = await api("PUT", `/api/v1/channels/${props.channelId}/audit-retention`, {
      months: Number(months),
    });
    setRetention({
      ok: res.ok,
      text: res.ok ? t("audit.retention_saved") : t("errors.audit_retention_range"),
    });
  };
  return (
    <form class="card" onSubmit={save} data-testid="retention-form">
      <h2>{t("audit.title")}</h2>
      <div class="field">
        <label for="audit-retention">{t("audit.retention")}</label>
        <input
          id="audit-retention"
          type="number"
          min={AUDIT_RETENTION_RANGE.min}
          max={AUDIT_RETENTION_RANGE.max}
          value={months}
          aria-describedby="audit-retention-hint"
          onInput={(e) => setMonths((e.target as HTMLInputElement).value)}
        />
        <p id="audit-retention-hint" class="field-hint">{t("audit.retention_hint")}</p>
      </div>
      {retention && (
        <p
          class={`notice ${retention.ok ? "notice-success" : "notice-error"}`}
          role={retention.ok ? "status" : "alert"}
        >
          {retention.text}
        </p>
      )}
      <button type="submit" class="btn btn-primary">{t("auth.sso.save")}</button>
    </form>
  );
}
