import { useT } from "../../../framework/island.tsx";
import { formatDateTime } from "../../../islands/browser/dates.ts";
import type { AvailabilityValue } from "../AvailabilityFields.tsx";
import { typeLabelKey } from "../../../lib/rules/segments.ts";

/** Step 3, Summary: what was created, its share link, and where to go next. */
export function StepSummary(
  props: {
    id: number;
    title: string;
    type: string;
    media_type: string | null;
    availability: AvailabilityValue;
    shareUrl: string;
    /** The channel's time zone: the times read as they were typed, on its clock. */
    timeZone: string;
  },
) {
  const { t, lang } = useT();
  const a = props.availability;
  return (
    <div class="wizard-summary">
      <p class="notice notice-success" role="status">
        <strong>{t("interactions.wizard.done_title")}</strong>
        <br />
        {t("interactions.wizard.done_text", { title: props.title })}
      </p>
      <dl class="summary-list">
        <dt>{t("interactions.wizard.summary_type")}</dt>
        <dd>{t(typeLabelKey(props))}</dd>
        <dt>{t("interactions.wizard.summary_from")}</dt>
        <dd>{formatDateTime(a.start_date, lang, props.timeZone)}</dd>
        <dt>{t("interactions.wizard.summary_to")}</dt>
        <dd>
          {a.end_date
            ? formatDateTime(a.end_date, lang, props.timeZone)
            : t("interactions.wizard.indefinite")}
        </dd>
        <dt>{t("interactions.share_link")}</dt>
        <dd>
          <a href={props.shareUrl} target="_blank" rel="noopener">{props.shareUrl}</a>
        </dd>
      </dl>
      <div class="button-row">
        <a class="btn btn-primary" href={`/interactions/${props.id}`}>{t("interactions.wizard.open_edit")}</a>
        <a class="btn btn-secondary" href={`/participations/${props.id}`}>
          {t("interactions.wizard.open_participations")}
        </a>
      </div>
    </div>
  );
}
