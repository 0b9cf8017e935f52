// The question editor's draft of a quiz: what the form holds while staff write (numbers as typed, a right
// mark on each choice), turned into the body the quiz API validates, and the API's field errors placed next
// to the fields. Pure, and free of zod so the editor's bundle stays small: the rules are checked once, on the
// server (lib/rules/quiz.ts quizQuestionSchema); only its row type is taken from there (erased at build).
import type { QuizQuestionRow } from "./quiz.ts";

/** The time limit and points a new question starts with: a radio game's usual 20 seconds and 100 points. */
export const QUIZ_DRAFT_DEFAULTS = { time_limit_s: 20, points: 100, choices: 3 } as const;

/** A choice as the form holds it. */
export interface DraftChoice {
  label: string;
  right: boolean;
}

/** A question as the form holds it: numbers stay as typed until the form is sent. */
export interface DraftQuestion {
  text: string;
  image_url: string;
  choices: DraftChoice[];
  time_limit_s: string;
  points: string;
}

/** A stored question, as the quiz API lists it: what the editor reads of the row. */
export type StoredQuestion = Pick<
  QuizQuestionRow,
  "text" | "image_url" | "choices" | "right_choice_ids" | "time_limit_s" | "points"
>;

/** A new empty question: three blank choices, none marked right. */
export function blankQuestion(): DraftQuestion {
  return {
    text: "",
    image_url: "",
    choices: Array.from({ length: QUIZ_DRAFT_DEFAULTS.choices }, () => ({ label: "", right: false })),
    time_limit_s: String(QUIZ_DRAFT_DEFAULTS.time_limit_s),
    points: String(QUIZ_DRAFT_DEFAULTS.points),
  };
}

/** The drafts of the stored questions, in their order. */
export function draftsOf(questions: readonly StoredQuestion[]): DraftQuestion[] {
  return questions.map((q) => ({
    text: q.text,
    image_url: q.image_url ?? "",
    choices: q.choices.map((c) => ({ label: c.label, right: q.right_choice_ids.includes(c.id) })),
    time_limit_s: String(q.time_limit_s),
    points: String(q.points),
  }));
}

/** A number as typed, or null when the field is empty or not a number (the server then names the field). */
function typedNumber(value: string): number | null {
  const n = Number(value.trim());
  return value.trim() === "" || !Number.isFinite(n) ? null : n;
}

/**
 * The body of `PUT /api/v1/show_segments/{id}/quiz`: choices numbered 1… in the order shown, so the field
 * errors' indexes are the form's; the right choices by those numbers; an empty image address left out.
 */
export function questionsBody(drafts: readonly DraftQuestion[]) {
  return {
    questions: drafts.map((d) => ({
      text: d.text,
      image_url: d.image_url.trim() || null,
      choices: d.choices.map((c, i) => ({ id: i + 1, label: c.label })),
      right_choice_ids: d.choices.flatMap((c, i) => (c.right ? [i + 1] : [])),
      time_limit_s: typedNumber(d.time_limit_s),
      points: typedNumber(d.points),
    })),
  };
}

/**
 * The API's field errors (`{"questions.0.choices.1.label": ["quiz_choice_label_required"]}`) keyed by the
 * form's field (`0.choices.1.label`): a right choice's error goes to the question's right marks, an error on
 * the whole list (no question) to "questions". The first code of a field is kept.
 */
export function draftErrors(fields: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, codes] of Object.entries(fields ?? {})) {
    const parts = path.split(".");
    if (parts[0] !== "questions") continue;
    const key = parts.length === 1
      ? "questions"
      : parts[2] === "right_choice_ids"
      ? `${parts[1]}.right_choice_ids`
      : parts.slice(1).join(".");
    out[key] ??= codes[0];
  }
  return out;
}

/** The list with the item at `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}
