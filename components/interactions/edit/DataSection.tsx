import { useT } from "../../../framework/island.tsx";
import { DATA_ITEMS } from "../../../lib/rules/constants.ts";
import {
  type InformationToGather,
  setGatherInformation,
  setItemActive,
  setItemMandatory,
  toggleSegmentConsent,
} from "../../../lib/rules/segments.ts";
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import { CheckField, Section } from "../../channels/fields.tsx";

/** Data collection and consents, with the rules of §4 applied as the user clicks. */
export function DataSection(
  props: { seg: SegmentJson; set: (p: Record<string, unknown>) => void; locked: boolean },
) {
  const { t } = useT();
  const { seg, set } = props;
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
        onChange={(on) => set(setGatherInformation(info, on))}
      />
      {props.locked && <p class="field-hint">{t("interactions.fields.gather_disabled")}</p>}
      <table class="table data-items">
        <thead>
          <tr>
            <th scope="col">{t("interactions.fields.item")}</th>
            <th scope="col">{t("interactions.fields.item_active")}</th>
            <th scope="col">{t("interactions.fields.item_mandatory")}</th>
          </tr>
        </thead>
        <tbody>
          {DATA_ITEMS.map((item) => (
            <tr key={item}>
              <th scope="row">{t(`interactions.fields.items.${item}`)}</th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${t(`interactions.fields.items.${item}`)} – ${
                    t("interactions.fields.item_active")
                  }`}
                  checked={info[item].active}
                  disabled={!gather || props.locked}
                  onChange={(e) =>
                    set({
                      information_to_gather: setItemActive(
                        info,
                        item,
                        (e.target as HTMLInputElement).checked,
                      ),
                    })}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${t(`interactions.fields.items.${item}`)} – ${
                    t("interactions.fields.item_mandatory")
                  }`}
                  checked={info[item].mandatory}
                  disabled={!gather || props.locked || !info[item].active}
                  onChange={(e) =>
                    set({
                      information_to_gather: setItemMandatory(
                        info,
                        item,
                        (e.target as HTMLInputElement).checked,
                      ),
                    })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 class="label">{t("interactions.sections.consents")}</h3>
      <CheckField
        id="seg-gdpr"
        label={t("interactions.fields.is_gdpr_consent")}
        checked={seg.is_gdpr_consent === true}
        onChange={(on) => consent("is_gdpr_consent", on)}
      />
      <CheckField
        id="seg-image-right"
        label={t("interactions.fields.is_image_right_consent")}
        checked={seg.is_image_right_consent === true}
        onChange={(on) => consent("is_image_right_consent", on)}
      />
    </Section>
  );
}
