import { useT } from "../../../framework/island.tsx";
import {
  type InformationToGather,
  setGatherInformation,
  toggleSegmentConsent,
} from "../../../lib/rules/segments.ts";
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import { CheckField, Section } from "../../channels/fields.tsx";
import { DataItemsTable } from "../DataItemsTable.tsx";
import type { SegmentUpdate } from "../../../lib/rules/segment_schema.ts";

/** Data collection and consents, with the rules of §4 applied as the user clicks. */
export function DataSection(
  props: {
    seg: SegmentJson;
    set: (p: SegmentUpdate) => void;
    locked: boolean;
    /** Every field's message (lib/rules/field_errors.ts), for the fields of this section. */
    errors?: Record<string, string>;
  },
) {
  const { t } = useT();
  const { seg, set } = props;
  const errors = props.errors ?? {};
  const info = seg.information_to_gather as InformationToGather;
  const gather = seg.gather_information === true;
  const customisation = seg.customisation ?? {};
  const consent = (key: "is_gdpr_consent" | "is_image_right_consent", on: boolean) =>
    set({ [key]: on, customisation: toggleSegmentConsent(key, on, customisation).customisation });
  return (
    <Section id="sec-data" title={t("interactions.sections.data")}>
      <CheckField
        id="seg-gather"
        label={t("interactions.fields.gather_information")}
        checked={gather}
        disabled={props.locked}
        error={errors.gather_information}
        onChange={(on) => set(setGatherInformation(info, on))}
      />
      {props.locked && <p class="field-hint">{t("interactions.fields.gather_disabled")}</p>}
      <DataItemsTable
        value={info}
        disabled={!gather || props.locked}
        error={errors.information_to_gather}
        onChange={(next) => set({ information_to_gather: next })}
      />
      <h3 class="label">{t("interactions.sections.consents")}</h3>
      <CheckField
        id="seg-gdpr"
        label={t("interactions.fields.is_gdpr_consent")}
        checked={seg.is_gdpr_consent === true}
        error={errors.is_gdpr_consent}
        onChange={(on) => consent("is_gdpr_consent", on)}
      />
      <CheckField
        id="seg-image-right"
        label={t("interactions.fields.is_image_right_consent")}
        checked={seg.is_image_right_consent === true}
        error={errors.is_image_right_consent}
        onChange={(on) => consent("is_image_right_consent", on)}
      />
    </Section>
  );
}
