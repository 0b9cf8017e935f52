import { useT } from "../../../framework/island.tsx";
import { TITLE_MAX_LENGTH } from "../../../lib/rules/constants.ts";
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import { CHOICE_TYPES } from "../../../lib/rules/segments.ts";
import { Section } from "../../channels/fields.tsx";

type Set = (patch: Record<string, unknown>) => void;

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
  },
) {
  const { t } = useT();
  const { seg, set, staged } = props;
  return (
    <Section id="sec-general" title={t("interactions.sections.general")}>
      <div class="field">
        <label for="seg-title">{t("interactions.fields.title")}</label>
        <input
          id="seg-title"
          type="text"
          maxLength={TITLE_MAX_LENGTH}
          value={seg.title}
          aria-describedby={props.errors?.title ? "seg-title-count seg-title-error" : "seg-title-count"}
          aria-invalid={props.errors?.title ? "true" : undefined}
          onInput={(e) => set({ title: (e.target as HTMLInputElement).value })}
        />
        <span class="field-hint" id="seg-title-count">
          {t("interactions.fields.title_count", { count: seg.title.length })}
        </span>
        {props.errors?.title && <span class="field-error" id="seg-title-error">{props.errors.title}</span>}
      </div>
      <div class="field">
        <label for="seg-text">{t("interactions.fields.text")}</label>
        <textarea
          id="seg-text"
          rows={3}
          value={seg.text ?? ""}
          aria-invalid={props.errors?.text ? "true" : undefined}
          aria-describedby={props.errors?.text ? "seg-text-error" : undefined}
          onInput={(e) => set({ text: (e.target as HTMLTextAreaElement).value })}
        />
        {props.errors?.text && <span class="field-error" id="seg-text-error">{props.errors?.text}</span>}
      </div>
      <div class="explicit-box">
        <div class="field">
          <label for="seg-type">{t("interactions.fields.type")}</label>
          <select
            id="seg-type"
            onChange={(e) => props.stage({ type: (e.target as HTMLSelectElement).value })}
          >
            {props.allowedTypes.includes(seg.type)
              ? null
              : <option value={seg.type} selected>{t(`interactions.types.${seg.type}`)}</option>}
            {props.allowedTypes.map((type) => (
              <option value={type} selected={staged.type === type}>{t(`interactions.types.${type}`)}</option>
            ))}
          </select>
        </div>
        {CHOICE_TYPES.includes(staged.type) && (
          <label class="checkbox" for="seg-testimonial-demanded">
            <input
              id="seg-testimonial-demanded"
              type="checkbox"
              checked={staged.testimonial_demanded}
              onChange={(e) => props.stage({ testimonial_demanded: (e.target as HTMLInputElement).checked })}
            />
            <span>{t("interactions.fields.testimonial_demanded")}</span>
          </label>
        )}
        <p class="field-hint">{t("interactions.fields.explicit_hint")}</p>
        <button
          type="button"
          class="btn btn-primary btn-sm"
          disabled={!props.dirty}
          onClick={props.saveStaged}
        >
          {t("interactions.fields.save_explicit")}
        </button>
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
              onInput={(e) => set({ testimonial: (e.target as HTMLInputElement).value })}
            />
          </div>
          <div class="field">
            <label for="seg-testimonial-format">{t("interactions.fields.testimonial_format")}</label>
            <select
              id="seg-testimonial-format"
              onChange={(e) => set({ testimonial_format: (e.target as HTMLSelectElement).value })}
            >
              {["voice", "text"].map((f) => (
                <option value={f} selected={seg.testimonial_format === f}>
                  {t(`interactions.fields.formats.${f}`)}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </Section>
  );
}
