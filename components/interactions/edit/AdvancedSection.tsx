import { useT } from "../../../framework/island.tsx";
import { SMS_MAX_LENGTH } from "../../../lib/rules/constants.ts";
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import { CheckField, errorAttributes, FieldError, Section } from "../../channels/fields.tsx";
import type { SegmentUpdate } from "../../../lib/rules/segment_schema.ts";

/** The segment fields edited as a line of text (null when empty). */
type TextKey = "show_id" | "program_id" | "sms_template" | "sms_receiver" | "legal_notice";

/** Programme references, legal notice, SMS settings and registration: the remaining fields of §3. */
export function AdvancedSection(
  props: {
    seg: SegmentJson;
    set: (p: SegmentUpdate) => void;
    /** Every field's message (lib/rules/field_errors.ts), for the fields of this section. */
    errors?: Record<string, string>;
  },
) {
  const { t } = useT();
  const { seg, set } = props;
  const errors = props.errors ?? {};
  const text = (key: TextKey, max: number, area = false) => (
    <div class="field">
      <label for={`seg-${key}`}>{t(`interactions.fields.${key}`)}</label>
      {area
        ? (
          <textarea
            id={`seg-${key}`}
            rows={2}
            maxLength={max}
            value={seg[key] ?? ""}
            {...errorAttributes(`seg-${key}`, errors[key])}
            onInput={(e) => set({ [key]: (e.target as HTMLTextAreaElement).value || null })}
          />
        )
        : (
          <input
            id={`seg-${key}`}
            type="text"
            maxLength={max}
            value={seg[key] ?? ""}
            {...errorAttributes(`seg-${key}`, errors[key])}
            onInput={(e) => set({ [key]: (e.target as HTMLInputElement).value || null })}
          />
        )}
      <FieldError id={`seg-${key}`} error={errors[key]} />
    </div>
  );
  return (
    <Section id="sec-advanced" title={t("interactions.sections.advanced")}>
      <div class="form-grid">
        {text("show_id", 100)}
        {text("program_id", 100)}
        {seg.type === "sms" && text("sms_template", SMS_MAX_LENGTH)}
        {seg.type === "sms" && text("sms_receiver", 20)}
      </div>
      {text("legal_notice", 5000, true)}
      {(seg.type === "registration" || seg.type === "game") && (
        <CheckField
          id="seg-registration-required"
          label={t("interactions.fields.registration_required")}
          checked={seg.registration_required === true}
          error={errors.registration_required}
          onChange={(on) => set({ registration_required: on })}
        />
      )}
    </Section>
  );
}
