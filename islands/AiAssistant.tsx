import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { AiSteps, AiTrigger } from "../components/ai/AiTrigger.tsx";
import { AiRequestStep } from "../components/ai/AiRequestStep.tsx";
import { AiResponseStep } from "../components/ai/AiResponseStep.tsx";
import { askAssistant } from "./browser/ai.ts";
import { TOAST_MS } from "../lib/rules/constants.ts";
import type { TabCounts } from "../lib/rules/ai_reads.ts";

interface Props {
  segmentId: number;
  /** The channel uuid, sent as the api-key header (back-office §7). */
  apiKey: string;
  /** The interaction's title, shown under the modal's heading. */
  title: string;
  /** What a question reads, per inbox tab, of the interaction's `total` (the answer's "Based on …"). */
  reads: { total: number; tabs: TabCounts };
}

interface Answer {
  markdown: string;
  html: string | null;
  empty: boolean;
  error: string | null;
  done: boolean;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** The AI assistant modal (back-office §2): 0 Request, 1 Processing, 2 Response, opened by its button. */
function AiAssistant({ segmentId, apiKey, title, reads }: Props) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer>({
    markdown: "",
    html: null,
    empty: false,
    error: null,
    done: false,
  });
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  // a model reading a long history: batches read so far, so a long wait shows it is moving
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  // Each step takes the focus where the person goes on: the question, the progress, the answer.
  useEffect(() => {
    if (!dialog.current?.open) return;
    const target = [".ai-request textarea", ".ai-processing", ".ai-answer-box"][step];
    dialog.current.querySelector<HTMLElement>(target)?.focus();
  }, [step]);

  const ask = async () => {
    if (!prompt.trim()) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setCopied(null);
    setAnswer({ markdown: "", html: null, empty: false, error: null, done: false });
    setStep(1);
    setProgress(null);
    const outcome = await askAssistant(
      { apiKey, segmentId, prompt: prompt.trim(), signal: controller.signal },
      (markdown, html) => {
        setAnswer((a) => ({ ...a, markdown, html }));
        setStep(2);
      },
      (done, total) => setProgress({ done, total }),
    );
    if (controller.signal.aborted) return;
    if (outcome.ok) {
      const { markdown, html, empty } = outcome;
      setAnswer({ markdown, html, empty, error: null, done: true });
      setStep(2);
    } else if (outcome.markdown) {
      // Interrupted after part of the answer: keep what came.
      const error = outcome.error ?? t("ai.failed");
      setAnswer({ markdown: outcome.markdown, html: null, empty: false, error, done: true });
      setStep(2);
    } else {
      setError(outcome.error ?? t("ai.failed"));
      setStep(0);
    }
  };
  const open = () => {
    if (dialog.current?.open) return;
    dialog.current?.showModal();
    if (step === 0) dialog.current?.querySelector<HTMLElement>(".ai-request textarea")?.focus();
  };
  const close = () => {
    abort.current?.abort();
    dialog.current?.close();
    // Closed before the answer ended: the request is cancelled, the question stays for next time.
    if (step === 1 || (step === 2 && !answer.done)) setStep(0);
  };
  const copy = async () => {
    setCopied(await copyText(answer.markdown) ? "copied" : "failed");
    setTimeout(() => setCopied(null), TOAST_MS.success);
  };

  return (
    <>
      <AiTrigger onClick={open} />
      <dialog ref={dialog} class="modal ai-modal" aria-labelledby="ai-title" onClose={close}>
        <div class="modal-body">
          <div class="modal-head">
            <div>
              <h2 id="ai-title">
                {t("ai.title")} <span class="ai-beta">{t("ai.beta")}</span>
              </h2>
              <p class="ai-subtitle">{title}</p>
            </div>
            <button type="button" class="btn-icon" aria-label={t("ai.close")} onClick={close}>×</button>
          </div>
          <AiSteps step={step} />
          {step === 0 && (
            <AiRequestStep
              prompt={prompt}
              reads={reads}
              error={error}
              onInput={setPrompt}
              onNext={ask}
              onCancel={close}
            />
          )}
          {step === 1 && (
            <div class="ai-processing" role="status" tabIndex={-1}>
              <span class="ai-spinner" aria-hidden="true" />
              <p>{t("ai.processing")}</p>
              {progress && (
                <>
                  <progress max={progress.total} value={progress.done} aria-hidden="true" />
                  <p class="ai-progress">{t("interaction_stats.progress", progress)}</p>
                </>
              )}
            </div>
          )}
          {step === 2 && (
            <AiResponseStep
              prompt={prompt}
              markdown={answer.markdown}
              html={answer.html}
              empty={answer.empty}
              done={answer.done}
              error={answer.error}
              copied={copied}
              onCopy={copy}
              onEdit={() => setStep(0)}
              onAgain={ask}
              onClose={close}
            />
          )}
        </div>
      </dialog>
    </>
  );
}

export default island("AiAssistant", AiAssistant, { ns: ["ai", "interaction_stats", "participations"] });
