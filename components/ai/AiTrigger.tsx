import { useT } from "../../framework/island.tsx";

/** The button that opens the AI assistant, with its beta badge. */
export function AiTrigger({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useT();
  return (
    <button type="button" class="btn btn-primary ai-trigger" onClick={onClick} disabled={disabled}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM18.5 15l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z"
          fill="currentColor"
        />
      </svg>
      <span>{t("ai.open")}</span>
      <span class="ai-beta">{t("ai.beta")}</span>
    </button>
  );
}

/** The three steps of the modal (back-office §4: 0 request, 1 processing, 2 response). */
export function AiSteps({ step }: { step: 0 | 1 | 2 }) {
  const { t } = useT();
  const labels = [t("ai.step_request"), t("ai.step_processing"), t("ai.step_response")];
  return (
    <ol class="ai-steps" aria-label={t("ai.steps_label")}>
      {labels.map((label, i) => (
        <li
          key={label}
          class={i === step ? "is-current" : i < step ? "is-done" : ""}
          aria-current={i === step ? "step" : undefined}
        >
          <span class="ai-step-number" aria-hidden="true">{i + 1}</span>
          <span class="ai-step-label">{label}</span>
        </li>
      ))}
    </ol>
  );
}
