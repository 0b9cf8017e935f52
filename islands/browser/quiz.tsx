/// <reference lib="dom" />
// The live quiz as screens and widgets draw it: the question with its countdown, the bars at reveal, the top
// 10 and the winners. The countdown starts from the server's `remaining_ms` and runs on the monotonic clock
// (performance.now), never the device's wall clock, so a clock set wrong shows the same time left.
import { useEffect, useState } from "preact/hooks";
import type { TFunction } from "i18next";
import type { QuizQuestionView, QuizScreen } from "../../lib/rules/quiz.ts";
import { choiceLetter } from "../../lib/rules/votes.ts";

/** Milliseconds left of a question, counted down from what the server said when its state arrived. */
export function useRemaining(question: QuizQuestionView | null): number {
  const [received] = useState(() => ({ at: performance.now(), for: question }));
  const [, tick] = useState(0);
  if (received.for !== question) {
    received.at = performance.now();
    received.for = question;
  }
  const left = question ? Math.max(0, question.remaining_ms - (performance.now() - received.at)) : 0;
  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => tick((n) => n + 1), 200);
    return () => clearInterval(timer);
  }, [question, left > 0]);
  return left;
}

type T = TFunction;

/** The question, its countdown (a number and a shrinking bar) and, once revealed, each choice's bar. */
export function QuizQuestion(
  props: { question: QuizQuestionView; t: T; answers?: number; class?: string },
) {
  const { question: q, t } = props;
  const left = useRemaining(q);
  const seconds = Math.ceil(left / 1000);
  const open = q.phase === "open" && left > 0;
  return (
    <section class={`quiz-question ${props.class ?? ""}`} data-phase={open ? "open" : q.phase}>
      <p class="quiz-position">{t("quiz.question_of", { position: q.position, count: q.count })}</p>
      <h2 class="quiz-text">{q.text}</h2>
      {q.image_url && <img class="quiz-image" src={q.image_url} alt="" />}
      {q.phase !== "revealed" && (
        <div class="quiz-clock" role="timer" aria-live="off">
          <span class="quiz-seconds" data-seconds={open ? seconds : 0}>
            {open ? t("quiz.seconds", { n: seconds }) : t("quiz.time_up")}
          </span>
          <span class="quiz-track">
            <span style={`width:${open ? (left * 100) / (q.time_limit_s * 1000) : 0}%`}></span>
          </span>
        </div>
      )}
      {props.answers !== undefined && (
        <p class="quiz-answers">{t("quiz.answers", { count: props.answers })}</p>
      )}
      {q.bars && (
        <ol class="quiz-bars">
          {q.bars.map((b, i) => (
            <li key={b.id} data-right={b.right ? "true" : "false"}>
              <div class="quiz-line">
                <span class="quiz-letter">{choiceLetter(i)}</span>
                <span class="quiz-label">{b.label}</span>
                <span class="quiz-value">{b.count} · {b.percent} %</span>
              </div>
              <div class="quiz-bar">
                <span style={`width:${b.percent}%`}></span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The top 10 (pseudonyms only) and, once announced, the winners. */
export function QuizBoard(props: { screen: QuizScreen; t: T }) {
  const { screen, t } = props;
  return (
    <>
      {screen.top.length > 0 && (
        <section class="quiz-top">
          <h2>{t("quiz.leaderboard")}</h2>
          <ol>
            {screen.top.map((s) => (
              <li key={s.rank}>
                <span class="quiz-rank">{s.rank}</span>
                <span class="quiz-name">{s.pseudonym}</span>
                <span class="quiz-score">{t("quiz.points", { n: s.score })}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {screen.winners.length > 0 && (
        <section class="quiz-winners">
          <h2>{t("quiz.winners")}</h2>
          <ol>
            {screen.winners.map((w) => <li key={w.rank}>{w.pseudonym}</li>)}
          </ol>
        </section>
      )}
    </>
  );
}
