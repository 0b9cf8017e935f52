import { useT } from "../../../framework/island.tsx";

/** The wizard's steps 0 to 3, the current one marked (back-office §2 "Steppers exist for wizards"). */
export function Stepper({ step }: { step: number }) {
  const { t } = useT();
  return (
    <ol class="stepper">
      {[0, 1, 2, 3].map((n) => (
        <li
          key={n}
          class={n < step ? "done" : n === step ? "current" : ""}
          aria-current={n === step ? "step" : undefined}
        >
          <span class="stepper-num" aria-hidden="true">{n + 1}</span>
          <span class="stepper-label">{t(`interactions.wizard.steps.${n}`)}</span>
        </li>
      ))}
    </ol>
  );
}
