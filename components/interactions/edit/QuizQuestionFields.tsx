import type { TFunction } from "../../../lib/rules/i18n.ts";
import { TextField } from "../../channels/fields.tsx";
import type { DraftChoice, DraftQuestion } from "../../../lib/rules/quiz_draft.ts";

/** The most choices a question takes (lib/rules/quiz.ts quizQuestionSchema). */
const MAX_CHOICES = 8;

/**
 * The fields of one quiz question in the editor: its text, an optional image, its choices with the right
 * one(s) ticked, a time limit and points; each error (an `errors.*` code) shown under its field.
 */
export function QuizQuestionFields(props: {
  index: number;
  count: number;
  question: DraftQuestion;
  errors: Record<string, string>;
  t: TFunction;
  onChange: (q: DraftQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { index: i, question: q, t } = props;
  const n = i + 1;
  const id = `quiz-q${i}`;
  const error = (field: string) => {
    const code = props.errors[`${i}.${field}`];
    return code ? t(`errors.${code}`) : undefined;
  };
  const set = (patch: Partial<DraftQuestion>) => props.onChange({ ...q, ...patch });
  const setChoice = (c: number, patch: Partial<DraftChoice>) =>
    set({ choices: q.choices.map((ch, k) => (k === c ? { ...ch, ...patch } : ch)) });
  const listError = error("choices") ?? error("right_choice_ids");
  return (
    <fieldset class="quiz-question-edit" data-index={i}>
      <legend>{t("quiz.question_n", { n })}</legend>
      <div class="quiz-edit-tools">
        <button
          type="button"
          class="btn btn-secondary btn-sm"
          disabled={i === 0}
          aria-label={t("quiz.move_up", { n })}
          onClick={() => props.onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          class="btn btn-secondary btn-sm"
          disabled={i === props.count - 1}
          aria-label={t("quiz.move_down", { n })}
          onClick={() => props.onMove(1)}
        >
          ↓
        </button>
        <button type="button" class="btn btn-danger btn-sm" onClick={props.onRemove}>
          {t("quiz.remove_question", { n })}
        </button>
      </div>
      <TextField
        id={`${id}-text`}
        label={t("quiz.question_text")}
        value={q.text}
        maxLength={500}
        error={error("text")}
        onInput={(text) => set({ text })}
      />
      <TextField
        id={`${id}-image`}
        type="url"
        label={t("quiz.image_url")}
        value={q.image_url}
        error={error("image_url")}
        onInput={(image_url) => set({ image_url })}
      />
      <fieldset class="quiz-edit-choices" aria-describedby={listError ? `${id}-choices-error` : undefined}>
        <legend>{t("quiz.choices")}</legend>
        {q.choices.map((c, k) => (
          <div class="quiz-edit-choice" key={k}>
            <label class="quiz-edit-right">
              <input
                type="checkbox"
                checked={c.right}
                onChange={(e) => setChoice(k, { right: (e.target as HTMLInputElement).checked })}
              />
              <span class="sr-only">{t("quiz.choice_n", { n: k + 1 })}:</span> {t("quiz.choice_right")}
            </label>
            <TextField
              id={`${id}-c${k}`}
              label={t("quiz.choice_n", { n: k + 1 })}
              value={c.label}
              maxLength={200}
              error={error(`choices.${k}.label`)}
              onInput={(label) => setChoice(k, { label })}
            />
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              aria-label={t("quiz.remove_choice", { n: k + 1 })}
              onClick={() => set({ choices: q.choices.filter((_, x) => x !== k) })}
            >
              ✕
            </button>
          </div>
        ))}
        {listError && <span class="field-error" id={`${id}-choices-error`}>{listError}</span>}
        {q.choices.length < MAX_CHOICES && (
          <button
            type="button"
            class="btn btn-secondary btn-sm"
            onClick={() => set({ choices: [...q.choices, { label: "", right: false }] })}
          >
            {t("quiz.add_choice")}
          </button>
        )}
      </fieldset>
      <div class="quiz-edit-numbers">
        <TextField
          id={`${id}-time`}
          type="number"
          min={5}
          max={600}
          label={t("quiz.time_limit")}
          value={q.time_limit_s}
          error={error("time_limit_s")}
          onInput={(time_limit_s) => set({ time_limit_s })}
        />
        <TextField
          id={`${id}-points`}
          type="number"
          min={0}
          max={10000}
          label={t("quiz.points_field")}
          value={q.points}
          error={error("points")}
          onInput={(points) => set({ points })}
        />
      </div>
    </fieldset>
  );
}
