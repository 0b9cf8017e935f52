import { useT } from "../../framework/island.tsx";
import { AI_PROMPT_MAX_LENGTH } from "../../lib/rules/constants.ts";
import { readsSentence, type TabCounts } from "../../lib/rules/ai_reads.ts";

interface Props {
  prompt: string;
  /** What a question reads, per inbox tab: the numbers the answer says it is based on. */
  reads: { total: number; tabs: TabCounts };
  error: string | null;
  onInput: (prompt: string) => void;
  onNext: () => void;
  onCancel: () => void;
}

/** Step 0, the request: Next only with a non-empty question (back-office §5). */
export function AiRequestStep({ prompt, reads, error, onInput, onNext, onCancel }: Props) {
  const { t, lang } = useT();
  const examples = [t("ai.example_summary"), t("ai.example_words"), t("ai.example_hours")];
  const empty = !prompt.trim();
  return (
    <form
      class="ai-request"
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty) onNext();
      }}
    >
      <div class="field">
        <label for="ai-prompt">{t("ai.prompt_label")}</label>
        <textarea
          id="ai-prompt"
          rows={4}
          maxLength={AI_PROMPT_MAX_LENGTH}
          placeholder={t("ai.prompt_placeholder")}
          value={prompt}
          onInput={(e) => onInput((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !empty) onNext();
          }}
        />
        <p class="field-hint">{readsSentence("ai.prompt_hint", reads, t, lang)}</p>
      </div>
      <div class="ai-examples">
        <span class="ai-examples-title">{t("ai.examples")}</span>
        {examples.map((example) => (
          <button
            type="button"
            key={example}
            class="pill ai-chip"
            onClick={() => onInput(example)}
          >
            {example}
          </button>
        ))}
      </div>
      {error && <p class="notice notice-error" role="alert">{error}</p>}
      <div class="modal-actions">
        <button type="button" class="btn btn-secondary" onClick={onCancel}>{t("ai.cancel")}</button>
        <button type="submit" class="btn btn-primary" disabled={empty}>{t("ai.next")}</button>
      </div>
    </form>
  );
}
