// The wizard's data step (a registration, a draw, a quiz, an SMS game): which of the six data items each
// participant gives, and which are mandatory, with the rules of §4 applied as the user clicks. A contact
// item (e-mail or phone) is required before Activate, so the winners can be reached.
import { useT } from "../../../framework/island.tsx";
import { DATA_ITEMS } from "../../../lib/rules/constants.ts";
import {
  collectsContact,
  type InformationToGather,
  setItemActive,
  setItemMandatory,
} from "../../../lib/rules/segments.ts";

export function StepData(
  { value, onChange }: { value: InformationToGather; onChange: (next: InformationToGather) => void },
) {
  const { t } = useT();
  const missing = !collectsContact(value);
  return (
    <fieldset class="wizard-data" aria-describedby="wizard-data-intro">
      <legend class="sr-only">{t("interactions.wizard.steps.data")}</legend>
      <p id="wizard-data-intro" class="field-hint">{t("interactions.wizard.data_intro")}</p>
      <table class="table data-items">
        <thead>
          <tr>
            <th scope="col">{t("interactions.fields.item")}</th>
            <th scope="col">{t("interactions.fields.item_active")}</th>
            <th scope="col">{t("interactions.fields.item_mandatory")}</th>
          </tr>
        </thead>
        <tbody>
          {DATA_ITEMS.map((item) => {
            const label = t(`interactions.fields.items.${item}`);
            return (
              <tr key={item}>
                <th scope="row">{label}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${label} – ${t("interactions.fields.item_active")}`}
                    checked={value[item].active}
                    onChange={(e) => onChange(setItemActive(value, item, e.currentTarget.checked))}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${label} – ${t("interactions.fields.item_mandatory")}`}
                    checked={value[item].mandatory}
                    disabled={!value[item].active}
                    onChange={(e) => onChange(setItemMandatory(value, item, e.currentTarget.checked))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {missing && (
        <p class="field-error wizard-data-error" role="alert">{t("errors.segment_contact_required")}</p>
      )}
    </fieldset>
  );
}
