// The wizard's data step (a registration, a draw, a quiz, an SMS game): which of the six data items each
// participant gives, and which are mandatory, with the rules of §4 applied as the user clicks. A contact
// item (e-mail or phone) is required before Activate, so the winners can be reached.
import { useT } from "../../../framework/island.tsx";
import { collectsContact, type InformationToGather } from "../../../lib/rules/segments.ts";
import { DataItemsTable } from "../DataItemsTable.tsx";

export function StepData(
  { value, onChange }: { value: InformationToGather; onChange: (next: InformationToGather) => void },
) {
  const { t } = useT();
  const missing = !collectsContact(value);
  return (
    <fieldset class="wizard-data" aria-describedby="wizard-data-intro">
      <legend class="sr-only">{t("interactions.wizard.steps.data")}</legend>
      <p id="wizard-data-intro" class="field-hint">{t("interactions.wizard.data_intro")}</p>
      <DataItemsTable value={value} onChange={onChange} />
      {missing && (
        <p class="field-error wizard-data-error" role="alert">{t("errors.segment_contact_required")}</p>
      )}
    </fieldset>
  );
}
