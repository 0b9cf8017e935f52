import { useT } from "../../framework/island.tsx";
import { choiceLetter } from "../../lib/rules/votes.ts";

export interface ChoiceDraft {
  id?: number | null;
  label: string;
}

/** The answers of a vote or survey, lettered A, B, … (back-office §3), at least 2 (§5). */
export function ChoicesField(
  props: {
    id: string;
    choices: ChoiceDraft[];
    onChange: (c: ChoiceDraft[]) => void;
    error?: string;
    /** The section around already names the answers. */
    legendHidden?: boolean;
  },
) {
  const { t } = useT();
  const set = (i: number, label: string) =>
    props.onChange(props.choices.map((c, j) => j === i ? { ...c, label } : c));
  return (
    <fieldset class="choices-field" aria-describedby={`${props.id}-hint`}>
      <legend class={props.legendHidden ? "sr-only" : "label"}>{t("interactions.fields.choices")}</legend>
      <span class="field-hint" id={`${props.id}-hint`}>{t("interactions.fields.choices_hint")}</span>
      <ol class="choice-list">
        {props.choices.map((c, i) => {
          const letter = choiceLetter(i);
          return (
            <li key={c.id ?? `new-${i}`} class="choice-row">
              <span class="choice-letter" aria-hidden="true">{letter}</span>
              <label class="sr-only" for={`${props.id}-${i}`}>
                {t("interactions.fields.choice_label", { letter })}
              </label>
              <input
                id={`${props.id}-${i}`}
                class="input"
                type="text"
                maxLength={200}
                value={c.label}
                onInput={(e) => set(i, (e.target as HTMLInputElement).value)}
              />
              <button
                type="button"
                class="btn btn-secondary btn-sm"
                title={t("interactions.fields.remove_choice", { letter })}
                aria-label={t("interactions.fields.remove_choice", { letter })}
                onClick={() => props.onChange(props.choices.filter((_, j) => j !== i))}
              >
                ✕
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        class="btn btn-secondary btn-sm"
        onClick={() => props.onChange([...props.choices, { label: "" }])}
      >
        + {t("interactions.fields.add_choice")}
      </button>
      {props.error && <span class="field-error" role="alert">{props.error}</span>}
    </fieldset>
  );
}
