import { useT } from "../../../framework/island.tsx";
import type { WizardStep } from "../../../lib/rules/segments.ts";

/** The text key of a step's name (the four steps of §2 keep their numbers 0 to 3). */
const STEP_KEYS: Record<WizardStep, string> = {
  template: "0",
  settings: "1",
  data: "data",
  availability: "2",
  summary: "3",
};

/** The locale key of a wizard step's name. */
export const stepLabel = (name: WizardStep) => `interactions.wizard.steps.${STEP_KEYS[name]}`;

/** The wizard's steps, the current one marked (back-office §2 "Steppers exist for wizards"). */
export function Stepper({ steps, step }: { steps: WizardStep[]; step: number }) {
  const { t } = useT();
  return (
    <ol class="stepper">
      {steps.map((name, n) => (
        <li
          key={name}
          class={n < step ? "done" : n === step ? "current" : ""}
          aria-current={n === step ? "step" : undefined}
        >
          <span class="stepper-num" aria-hidden="true">{n + 1}</span>
          <span class="stepper-label">{t(stepLabel(name))}</span>
        </li>
      ))}
    </ol>
  );
}
