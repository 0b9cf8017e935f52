import { useEffect, useMemo, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { RESULTS_REFRESH_MS } from "../lib/rules/constants.ts";
import { type OverlayState, type OverlayView, quizStepForKey, viewForKey } from "../lib/rules/overlay.ts";
import type { QuizPhase } from "../lib/rules/quiz.ts";
import { QR_QUIET_ZONE, qrMatrix, qrPath } from "../lib/rules/qr.ts";
import { choiceLetter } from "../lib/rules/votes.ts";
import { api, errorMessage } from "./browser/http.ts";
import { QuizBoard, QuizQuestion } from "./browser/quiz.tsx";
import { followLive, type LiveMode } from "./browser/live.ts";

interface Props {
  token: string;
  initial: OverlayState;
  presenter: boolean;
  /** The quiz's interaction when the staff member looking may run it with keys (O, C, A), else null. */
  quiz: number | null;
}

/**
 * The on-air overlay: vote bars, the QR code and link, or the message on air, as staff choose;
 * follows the overlay's event stream (polling when it cannot open). The presenter screen switches what it
 * shows with keys 1/R, 2/Q, 3/M (this screen only), and runs the quiz with O, C, A for staff who may.
 */
function OverlayScreen(props: Props) {
  const { t, lang } = useT();
  const [state, setState] = useState(props.initial);
  const [local, setLocal] = useState<OverlayView | null>(null);
  const [mode, setMode] = useState<LiveMode>("connecting");
  const [gone, setGone] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // a quiz key reads the questions' phases now and asks the staff API for the step (the screen follows the
  // quiz through its event stream, as for the interaction page's buttons)
  const quizKey = async (key: string) => {
    const base = `/api/v1/show_segments/${props.quiz}/quiz`;
    const quiz = await api<{ questions: { id: number; phase: QuizPhase }[] }>("GET", base);
    const step = quiz.ok ? quizStepForKey(key, quiz.data.questions) : null;
    if (!step) return;
    const res = await api("POST", `${base}/questions/${step.questionId}/${step.step}`);
    setRefused(res.ok ? null : errorMessage(res.data, String(res.status)));
  };
  useEffect(() => {
    const base = `/overlay/${encodeURIComponent(props.token)}/events`;
    const stop = followLive<OverlayState>({
      url: base,
      event: "state",
      onData: (s) => {
        setState(s);
        setLocal(null); // a staff choice wins over a local key
      },
      poll: async () => {
        const res = await api<OverlayState>("GET", `${base}/state`);
        if (res.ok) setState(res.data);
        else if (res.status === 404) setGone(true);
      },
      pollMs: RESULTS_REFRESH_MS,
      onMode: setMode,
    });
    if (!props.presenter) return stop;
    const onKey = (e: KeyboardEvent) => {
      const view = viewForKey(e.key);
      if (view) setLocal(view);
      else if (props.quiz && /^[oca]$/i.test(e.key)) quizKey(e.key);
    };
    addEventListener("keydown", onKey);
    return () => {
      stop();
      removeEventListener("keydown", onKey);
    };
  }, []);
  const view = local ?? state.view;
  const fmt = (n: number) => n.toLocaleString(lang === "technical" ? "en" : lang);
  const qr = useMemo(() => qrMatrix(state.link), [state.link]);
  if (gone) return <main class="overlay-screen" data-live="gone"></main>;
  return (
    <main class="overlay-screen" data-view={view} data-live={mode}>
      <header class="overlay-head">
        {state.channel.logo_url && <img class="overlay-logo" src={state.channel.logo_url} alt="" />}
        <h1 class="overlay-title">{state.title}</h1>
      </header>
      {view === "results" && state.quiz && (
        <div class="overlay-quiz">
          {state.quiz.question
            ? (
              <QuizQuestion
                question={state.quiz.question}
                t={t}
                answers={state.quiz.answers}
                class="overlay-results"
              />
            )
            : <p class="overlay-note">{t("quiz.waiting")}</p>}
          <QuizBoard screen={state.quiz} t={t} />
        </div>
      )}
      {view === "results" && !state.quiz && (
        <section class="overlay-results" aria-live="polite">
          {state.results.hidden ? <p class="overlay-note">{t("live.results_hidden")}</p> : (
            <>
              <ol class="overlay-bars">
                {state.results.rows.map((row, i) => (
                  <li key={row.id}>
                    <div class="overlay-line">
                      <span class="overlay-letter">{choiceLetter(i)}</span>
                      <span class="overlay-label">{row.label}</span>
                      <span class="overlay-value">{row.percentage} %</span>
                    </div>
                    <div class="overlay-bar">
                      <span style={`width:${row.percentage}%`}></span>
                    </div>
                  </li>
                ))}
              </ol>
              <p class="overlay-total">
                {t("live.votes", { count: state.results.total, n: fmt(state.results.total) })}
              </p>
            </>
          )}
          {state.closed && <p class="overlay-note">{t("live.closed")}</p>}
        </section>
      )}
      {view === "qr" && (
        <section class="overlay-qr">
          {qr && (
            <svg
              viewBox={`0 0 ${qr.length + QR_QUIET_ZONE * 2} ${qr.length + QR_QUIET_ZONE * 2}`}
              role="img"
              aria-label={t("live.qr_label")}
              shape-rendering="crispEdges"
            >
              <rect width="100%" height="100%" fill="#fff" />
              <path d={qrPath(qr)} fill="#000" />
            </svg>
          )}
          <div>
            <p class="overlay-cta">{t("live.take_part")}</p>
            <p class="overlay-link">{state.link.replace(/^https?:\/\//, "")}</p>
          </div>
        </section>
      )}
      {view === "message" && (
        <section class="overlay-message">
          {state.message
            ? (
              <blockquote>
                <p class="overlay-text">{state.message.text ?? ""}</p>
                <footer>
                  <strong>{state.message.author_name ?? t("live.anonymous")}</strong>
                  {state.message.author_city && <span>, {state.message.author_city}</span>}
                </footer>
              </blockquote>
            )
            : <p class="overlay-note">{t("live.no_message")}</p>}
        </section>
      )}
      {props.presenter && (
        <p class="overlay-keys">
          {props.quiz ? `${t("live.keys")} · ${t("live.quiz_keys")}` : t("live.keys")}
        </p>
      )}
      {refused && <p class="overlay-keys overlay-refused" role="alert">{refused}</p>}
    </main>
  );
}

export default island("OverlayScreen", OverlayScreen, { ns: ["live", "quiz"] });
