// The table of the six data items an interaction collects (§4): for each, asked or not and mandatory or not,
// with the rules applied as the user clicks (a mandatory item is asked). The wizard's data step and the edit
// page's data section show the same table.
import { useT } from "../../framework/island.tsx";
import { DATA_ITEMS } from "../../lib/rules/constants.ts";
import { FieldError } from "../channels/fields.tsx";
import { type InformationToGather, setItemActive, setItemMandatory } from "../../lib/rules/segments.ts";

export function DataItemsTable(
  { value, disabled = false, onChange, error }: {
    value: InformationToGather;
    /** The server's message for the items (none collected where a contact is needed), under the table. */
    error?: string;
    /** Nothing can be ticked (data collection off, or the channel's customisation forbids it). */
    disabled?: boolean;
    onChange: (next: InformationToGather) => void;
  },
) {
  const { t } = useT();
  return (
    <>
      <table
        class="table data-items"
        id="data-items"
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? "data-items-error" : undefined}
      >
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
                    disabled={disabled}
                    onChange={(e) => onChange(setItemActive(value, item, e.currentTarget.checked))}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${label} – ${t("interactions.fields.item_mandatory")}`}
                    checked={value[item].mandatory}
                    disabled={disabled || !value[item].active}
                    onChange={(e) => onChange(setItemMandatory(value, item, e.currentTarget.checked))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldError id="data-items" error={error} />
    </>
  );
}
