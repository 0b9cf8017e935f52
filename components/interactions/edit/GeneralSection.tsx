import { useT } from "../../../framework/island.tsx";
import { TITLE_MAX_LENGTH } from "../../../lib/rules/constants.ts";
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import { CHOICE_TYPES } from "../../../lib/rules/segments.ts";
import { CheckField, errorAttributes, FieldError, Section } from "../../channels/fields.tsx";
import type { SegmentUpdate } from "../../../lib/rules/segment_schema.ts";

type Set = (patch: SegmentUpdate) => void;

/** Title, home text, type and the incentive ("why?") request; type and request wait for the Save button. */
export function GeneralSection(
  props: {
    seg: SegmentJson;
    set: Set;
    staged: { type: string; testimonial_demanded: boolean };
    stage: Set;
    saveStaged: () => void;
    dirty: boolean;
    allowedTypes: string[];
    /** Every field's message (lib/rules/field_errors.ts), for the fields of this section. */
    errors?: Record<string, string>;
    /** Only shown (no interaction-action-edit): no Save button to press in vain. */
    readOnly?: boolean;
  },
) {
  const { t } = useT();
  const { seg, set, staged } = props;
  const errors = props.errors ?? {};
  return (
    <Section id="sec-general" title={t("interactions.sections.general")}>
      <div class="field">
        <label for="seg-title">{t("interactions.fields.title")}</label>
        <input
          id="seg-title"
          type="text"
          maxLength={TITLE_MAX_LENGTH}
          value={seg.title}
          {...errorAttributes("seg-title", errors.title, "seg-title-count")}
          onInput={(e) => set({ title: (e.target as HTMLInputElement).value })}
        />
        <span class="field-hint" id="seg-title-count">
          {t("interactions.fields.title_count", { count: seg.title.length })}
        </span>
        <FieldError id="seg-title" error={errors.title} />
      </div>
      <div class="field">
        <label for="seg-text">{t("interactions.fields.text")}</label>
        <textarea
          id="seg-text"
          rows={3}
          value={seg.text ?? ""}
          {...errorAttributes("seg-text", errors.text)}
          onInput={(e) => set({ text: (e.target as HTMLTextAreaElement).value })}
        />
        <FieldError id="seg-text" error={errors.text} />
      </div>
      <div class="explicit-box">
        <div class="field">
          <label for="seg-type">{t("interactions.fields.type")}</label>
          <select
            id="seg-type"
            {...errorAttributes("seg-type", errors.type)}
            onChange={(e) =>
              props.stage({ type: (e.target as HTMLSelectElement).value as SegmentJson["type"] })}
          >
            {props.allowedTypes.includes(seg.type)
              ? null
              : <option value={seg.type} selected>{t(`interactions.types.${seg.type}`)}</option>}
            {props.allowedTypes.map((type) => (
              <option value={type} selected={staged.type === type}>{t(`interactions.types.${type}`)}</option>
            ))}
          </select>
          <FieldError id="seg-type" error={errors.type} />
        </div>
        {CHOICE_TYPES.includes(staged.type) && (
          <CheckField
            id="seg-testimonial-demanded"
            label={t("interactions.fields.testimonial_demanded")}
            checked={staged.testimonial_demanded}
            error={errors.testimonial_demanded}
            onChange={(on) => props.stage({ testimonial_demanded: on })}
          />
        )}
        {!props.readOnly && (
          <>
            <p class="field-hint">{t("interactions.fields.explicit_hint")}</p>
            <button
              type="button"
              class="btn btn-primary btn-sm"
              disabled={!props.dirty}
              onClick={props.saveStaged}
            >
              {t("interactions.fields.save_explicit")}
            </button>
          </>
        )}
      </div>
      {seg.testimonial_demanded === true && (
        <>
          <div class="field">
            <label for="seg-testimonial">{t("interactions.fields.testimonial")}</label>
            <input
              id="seg-testimonial"
              type="text"
              maxLength={1000}
              value={seg.testimonial ?? ""}
              {...errorAttributes("seg-testimonial", errors.testimonial)}
              onInput={(e) => set({ testimonial: (e.target as HTMLInputElement).value })}
            />
            <FieldError id="seg-testimonial" error={errors.testimonial} />
          </div>
          <div class="field">
            <label for="seg-testimonial-format">{t("interactions.fields.testimonial_format")}</label>
            <select
              id="seg-testimonial-format"
              {...errorAttributes("seg-testimonial-format", errors.testimonial_format)}
              onChange={(e) =>
                set({
                  testimonial_format: (e.target as HTMLSelectElement)
                    .value as SegmentJson["testimonial_format"],
                })}
            >
              {["voice", "text"].map((f) => (
                <option value={f} selected={seg.testimonial_format === f}>
                  {t(`interactions.fields.formats.${f}`)}
                </option>
              ))}
            </select>
            <FieldError id="seg-testimonial-format" error={errors.testimonial_format} />
          </div>
        </>
      )}
    </Section>
  );
}
