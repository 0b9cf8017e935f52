import { useT } from "../../../framework/island.tsx";
import { TITLE_MAX_LENGTH } from "../../../lib/rules/constants.ts";
import { hasChoices, type SegmentRow } from "../../../lib/rules/segments.ts";
import { type ChoiceDraft, ChoicesField } from "../ChoicesField.tsx";

/**
 * What the wizard's first step edits: the segment's type and title picked from the row, its game type when
 * known, its home text as typed ("" when empty) and its answers as drafts.
 */
export type SettingsDraft =
  & Pick<SegmentRow, "title">
  // empty until a template is picked
  & { type: SegmentRow["type"] | "" }
  & Partial<Pick<SegmentRow, "game_type">>
  & { text: string; choices: ChoiceDraft[] };

/** Step 1, Settings: the title (100 characters at most), the home text and, for votes, the answers. */
export function StepSettings(
  props: { value: SettingsDraft; onChange: (v: SettingsDraft) => void; errors: Record<string, string> },
) {
  const { t } = useT();
  const v = props.value;
  return (
    <div class="wizard-settings">
      <div class="field">
        <label for="wizard-title">{t("interactions.fields.title")}</label>
        <input
          id="wizard-title"
          type="text"
          maxLength={TITLE_MAX_LENGTH}
          value={v.title}
          aria-describedby={props.errors.title
            ? "wizard-title-count wizard-title-error"
            : "wizard-title-count"}
          aria-invalid={props.errors.title ? "true" : undefined}
          onInput={(e) => props.onChange({ ...v, title: (e.target as HTMLInputElement).value })}
        />
        <span class="field-hint" id="wizard-title-count">
          {t("interactions.fields.title_count", { count: v.title.length })}
        </span>
        {props.errors.title && <span class="field-error" id="wizard-title-error">{props.errors.title}</span>}
      </div>
      <div class="field">
        <label for="wizard-text">{t("interactions.fields.text")}</label>
        <textarea
          id="wizard-text"
          rows={3}
          value={v.text}
          aria-invalid={props.errors.text ? "true" : undefined}
          aria-describedby={props.errors.text ? "wizard-text-error" : undefined}
          onInput={(e) => props.onChange({ ...v, text: (e.target as HTMLTextAreaElement).value })}
        />
        {props.errors.text && <span class="field-error" id="wizard-text-error">{props.errors.text}</span>}
      </div>
      {hasChoices(v.type, v.game_type) && (
        <ChoicesField
          id="wizard-choice"
          choices={v.choices}
          error={props.errors.choices}
          onChange={(choices) => props.onChange({ ...v, choices })}
        />
      )}
    </div>
  );
}
