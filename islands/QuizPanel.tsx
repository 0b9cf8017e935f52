// The presenter's live quiz on the interaction page: open, close and reveal each question, announce the
// winners.
import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import type { QuizQuestionView, QuizScreen } from "../lib/rules/quiz.ts";
import { api, errorMessage } from "./browser/http.ts";
import { QuizBoard, QuizQuestion } from "./browser/quiz.tsx";

/** What the presenter reads (lib/quiz/service.ts quizForStaff). */
export interface StaffQuiz {
  questions: (QuizQuestionView & { right_choice_ids: number[] })[];
  screen: QuizScreen | null;
}

interface Props {
  id: number;
  initial: StaffQuiz;
  canPresent: boolean;
}

/** The presenter reads the quiz again every second while a question runs, and after each step. */
const PANEL_POLL_MS = 1000;

/**
 * The presenter runs the live quiz from the interaction page: opens a question (the server starts its
 * countdown), closes it early, reveals the right answer, and announces the winners (top scores or a draw).
 */
function QuizPanel(props: Props) {
  const { t } = useT();
  const [quiz, setQuiz] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const base = `/api/v1/show_segments/${props.id}/quiz`;
  const apply = async (method: string, url: string, body?: unknown) => {
    const res = await api<StaffQuiz>(method, url, body);
    if (!res.ok) return setError(errorMessage(res.data, t("quiz.time_up")));
    setError(null);
    const fresh = await api<StaffQuiz>("GET", base);
    if (fresh.ok) setQuiz(fresh.data);
  };
  useEffect(() => {
    const timer = setInterval(async () => {
      if (document.hidden) return;
      const res = await api<StaffQuiz>("GET", base);
      if (res.ok) setQuiz(res.data);
    }, PANEL_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const current = quiz.screen?.question ?? null;
  return (
    <section class="card quiz-panel" aria-labelledby="quiz-h">
      <h2 id="quiz-h">{t("quiz.title")}</h2>
      {current && <QuizQuestion question={current} t={t} answers={quiz.screen?.answers} />}
      <ol class="quiz-steps">
        {quiz.questions.map((q) => (
          <li key={q.id} data-phase={q.phase}>
            <span class="quiz-step-text">{q.position}. {q.text}</span>
            <span class="quiz-step-phase">{t(`quiz.phase_${q.phase}`)}</span>
            {props.canPresent && q.phase === "ready" && (
              <button
                type="button"
                class="btn btn-primary"
                onClick={() => apply("POST", `${base}/questions/${q.id}/open`)}
              >
                {t("quiz.open")}
              </button>
            )}
            {props.canPresent && q.phase === "open" && (
              <button
                type="button"
                class="btn btn-secondary"
                onClick={() => apply("POST", `${base}/questions/${q.id}/close`)}
              >
                {t("quiz.close")}
              </button>
            )}
            {props.canPresent && q.phase === "closed" && (
              <button
                type="button"
                class="btn btn-primary"
                onClick={() => apply("POST", `${base}/questions/${q.id}/reveal`)}
              >
                {t("quiz.reveal")}
              </button>
            )}
          </li>
        ))}
      </ol>
      {props.canPresent && quiz.questions.some((q) => q.phase === "revealed") && (
        <p class="quiz-winner-actions">
          <button
            type="button"
            class="btn btn-secondary"
            onClick={() => apply("POST", `${base}/winners`, { mode: "top", count: 3 })}
          >
            {t("quiz.winners_top")}
          </button>
          <button
            type="button"
            class="btn btn-secondary"
            onClick={() => apply("POST", `${base}/winners`, { mode: "draw", count: 1 })}
          >
            {t("quiz.winners_draw")}
          </button>
        </p>
      )}
      {error && <p class="quiz-error" role="alert">{error}</p>}
      {quiz.screen && <QuizBoard screen={quiz.screen} t={t} />}
    </section>
  );
}

export default island("QuizPanel", QuizPanel, { ns: ["quiz"] });
