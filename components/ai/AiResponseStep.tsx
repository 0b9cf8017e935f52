import { useEffect, useRef } from "preact/hooks";
import { useT } from "../../framework/island.tsx";

interface Props {
  prompt: string;
  /** The markdown so far (while streaming) or the whole answer. */
  markdown: string;
  /** The sanitised html of the answer (so far while streaming), null before the server rendered any. */
  html: string | null;
  empty: boolean;
  /** False while the answer streams. */
  done: boolean;
  error: string | null;
  copied: "copied" | "failed" | null;
  onCopy: () => void;
  onEdit: () => void;
  onAgain: () => void;
  onClose: () => void;
}

/** Step 2, the response: the streamed text as it comes, then the rendered markdown, or 'No results'. */
export function AiResponseStep(props: Props) {
  const { t } = useT();
  const answer = useRef<HTMLDivElement>(null);
  const streaming = !props.done;
  // The server renders the markdown and sanitises it (lib/rules/markdown.ts).
  useEffect(() => {
    if (answer.current && props.html !== null) answer.current.innerHTML = props.html;
  }, [props.html]);
  return (
    <div class="ai-response">
      <div class="ai-question">
        <span class="ai-question-label">{t("ai.question")}</span>
        <p>{props.prompt}</p>
      </div>
      {/* Focusable: the answer scrolls, and keyboard users scroll it with the arrows. */}
      <section class="ai-answer-box" aria-label={t("ai.answer")} aria-busy={streaming} tabIndex={0}>
        {props.empty
          ? (
            <div class="ai-empty">
              <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2" />
                <path d="M16.5 16.5L21 21" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
              </svg>
              <p>{t("ai.no_results")}</p>
            </div>
          )
          : props.html === null
          ? (
            <div key="plain" class={`ai-answer ai-plain ${streaming ? "ai-streaming" : ""}`}>
              {props.markdown}
            </div>
          )
          : <div key="html" class={`ai-answer markdown ${streaming ? "ai-streaming" : ""}`} ref={answer} />}
        {streaming && <p class="ai-writing" role="status">{t("ai.writing")}</p>}
      </section>
      {props.error && <p class="notice notice-error" role="alert">{props.error}</p>}
      <div class="modal-actions ai-actions">
        <p class="ai-copied" role="status">
          {props.copied === "copied" ? t("ai.copied") : props.copied === "failed" ? t("ai.copy_failed") : ""}
        </p>
        <button
          type="button"
          class="btn btn-secondary"
          onClick={props.onCopy}
          disabled={streaming || props.empty}
        >
          {t("ai.copy")}
        </button>
        <button type="button" class="btn btn-secondary" onClick={props.onEdit} disabled={streaming}>
          {t("ai.edit")}
        </button>
        <button type="button" class="btn btn-secondary" onClick={props.onAgain} disabled={streaming}>
          {t("ai.again")}
        </button>
        <button type="button" class="btn btn-primary" onClick={props.onClose}>{t("ai.close")}</button>
      </div>
    </div>
  );
}
