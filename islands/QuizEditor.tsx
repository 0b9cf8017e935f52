import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import {
  blankQuestion,
  draftErrors,
  type DraftQuestion,
  draftsOf,
  moveItem,
  questionsBody,
  type StoredQuestion,
} from "../lib/rules/quiz_draft.ts";
import { QuizQuestionFields } from "../components/interactions/edit/QuizQuestionFields.tsx";
import { api, errorMessage } from "./browser/http.ts";

interface Props {
  id: number;
  questions: StoredQuestion[];
  /** A question was opened: the questions are shown as they are, no longer changed. */
  started: boolean;
}

/**
 * The question editor of a game's live quiz on the interaction page: staff add, edit, reorder and remove
 * questions, then save them all at once; the server validates them and its errors show next to the fields.
 * Once a question was played the quiz is no longer editable (the server refuses it too).
 */
function QuizEditor(props: Props) {
  const { t } = useT();
  const [drafts, setDrafts] = useState<DraftQuestion[]>(() => draftsOf(props.questions));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: "saved" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(props.started);

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const res = await api<{ fields?: Record<string, string[]>; code?: string }>(
      "PUT",
      `/api/v1/show_segments/${props.id}/quiz`,
      questionsBody(drafts),
    );
    setBusy(false);
    if (res.ok) {
      setErrors({});
      setStatus({ kind: "saved", text: t("quiz.saved") });
      // the presenter's panel appears with the first questions
      if (!props.questions.length) location.reload();
      return;
    }
    setErrors(draftErrors(res.data?.fields));
    if (res.data?.code === "quiz_already_played") setStarted(true);
    setStatus({ kind: "error", text: errorMessage(res.data, t("errors.validation")) });
  };

  const list = errors.questions ? t(`errors.${errors.questions}`) : null;
  return (
    <section class="card quiz-editor" aria-labelledby="quiz-editor-h">
      <h2 id="quiz-editor-h">{t("quiz.editor_title")}</h2>
      {started && <p class="quiz-editor-note">{t("quiz.editor_started")}</p>}
      <form onSubmit={save} noValidate>
        <fieldset disabled={started || busy} class="quiz-editor-fields">
          {!drafts.length && <p>{t("quiz.editor_empty")}</p>}
          {drafts.map((q, i) => (
            <QuizQuestionFields
              key={i}
              index={i}
              count={drafts.length}
              question={q}
              errors={errors}
              t={t}
              onChange={(next) => setDrafts(drafts.map((d, k) => (k === i ? next : d)))}
              onMove={(by) => {
                setDrafts(moveItem(drafts, i, by));
                setErrors({}); // the errors' indexes no longer match the questions
              }}
              onRemove={() => {
                setDrafts(drafts.filter((_, k) => k !== i));
                setErrors({});
              }}
            />
          ))}
          {list && <p class="field-error" role="alert">{list}</p>}
          <div class="quiz-editor-actions">
            <button
              type="button"
              class="btn btn-secondary"
              onClick={() => setDrafts([...drafts, blankQuestion()])}
            >
              {t("quiz.add_question")}
            </button>
            <button type="submit" class="btn btn-primary">{t("quiz.save")}</button>
          </div>
        </fieldset>
      </form>
      {status && (
        <p
          class={`quiz-editor-status quiz-editor-${status.kind}`}
          role={status.kind === "error" ? "alert" : "status"}
        >
          {status.text}
        </p>
      )}
    </section>
  );
}

export default island("QuizEditor", QuizEditor, { ns: ["quiz", "errors"] });
