import { useState } from "preact/hooks";
import { useT } from "../../../framework/island.tsx";
import type { WizardTemplate } from "../../../lib/segments/pages.ts";
import { templateMediaType, typeLabelKey } from "../../../lib/rules/segments.ts";

/** Step 0, Choice of interaction: a category, then one of its templates (greyed when the channel lacks the type). */
export function StepTemplates(
  props: {
    templates: WizardTemplate[];
    selected: number | null;
    busy: boolean;
    onPick: (t: WizardTemplate) => void;
  },
) {
  const { t } = useT();
  const categories = [...new Set(props.templates.map((x) => x.category))];
  // A resumed draft opens on its template's category, otherwise on the first category that has a
  // template the channel may use (a trial media lacks most types).
  const initial = props.templates.find((x) => x.id === props.selected)?.category ??
    props.templates.find((x) => x.allowed)?.category ?? categories[0];
  const [category, setCategory] = useState(initial);
  return (
    <div class="wizard-templates">
      <div class="category-tabs" role="radiogroup" aria-label={t("interactions.wizard.steps.0")}>
        {categories.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={c === category}
            class={`pill${c === category ? " is-on" : ""}`}
            onClick={() => setCategory(c)}
          >
            {t(`interactions.wizard.categories.${c}`)}
          </button>
        ))}
      </div>
      <h3 class="label">{t("interactions.wizard.choose_template")}</h3>
      <ul class="template-grid">
        {props.templates.filter((x) => x.category === category).map((x) => (
          <li key={x.id}>
            <button
              type="button"
              class={`template-card${x.id === props.selected ? " selected" : ""}`}
              aria-pressed={x.id === props.selected}
              disabled={!x.allowed || props.busy}
              onClick={() => props.onPick(x)}
            >
              <strong>{x.description}</strong>
              <span class="muted">{x.under_description}</span>
              <small class="template-type">
                {x.allowed
                  ? t(typeLabelKey({ type: x.type, media_type: templateMediaType(x.category) }))
                  : t("interactions.wizard.not_available")}
              </small>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
