// A listener's live quiz in the widget: the open question with its countdown, one answer each, the right
// answer, the score and the winners.
import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import type { QuizQuestionView, QuizScreen } from "../lib/rules/quiz.ts";
import { QUIZ_PSEUDONYM_MAX } from "../lib/rules/constants.ts";
import { choiceLetter } from "../lib/rules/votes.ts";
import { api, errorMessage } from "./browser/http.ts";
import { pause, signedDeviceId } from "./browser/participation_client.ts";
import { QuizBoard, QuizQuestion } from "./browser/quiz.tsx";
import { followLive } from "./browser/live.ts";

export interface QuizGameProps {
  segmentId: number;
  title: string;
  /** In the channel widget: the quiz is one of its screens, with the ✕ that goes back to its home. */
  onClose?: () => void;
}

/** What the quiz's API answers a listener (lib/quiz/service.ts quizForListener). */
interface ListenerQuiz extends QuizScreen {
  open: QuizQuestionView[];
  answered: number[];
  my_answer: number[] | null;
  me: { rank: number; score: number; pseudonym: string } | null;
  won: boolean;
}

const PSEUDONYM_KEY = "interaction-manager.quiz_pseudonym";
/** Without its live stream, the widget reads the quiz every second (single widget §TASK_POLL_MS); and after an answer. */
const QUIZ_POLL_MS = 1000;
/** How often an answer that found no network is sent again, when the browser does not say it is back. */
const QUIZ_RETRY_MS = 1000;

/**
 * A listener plays the live quiz: the question open (or one still open it missed), a countdown from the
 * server's time left, one answer per question, the right answer at reveal, its score, the top 10, the winners.
 */
export function QuizGame(props: QuizGameProps) {
  const { t } = useT();
  const [device, setDevice] = useState<string | null>(null);
  const [quiz, setQuiz] = useState<ListenerQuiz | null>(null);
  const [name, setName] = useState(() => {
    try {
      return localStorage.getItem(PSEUDONYM_KEY) ?? "";
    } catch {
      return "";
    }
  });
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const read = async (id: string) => {
    const res = await api<ListenerQuiz>(
      "GET",
      `/api/v1/quizzes/${props.segmentId}?device_id=${encodeURIComponent(id)}`,
    );
    if (res.ok) setQuiz(res.data);
  };
  // The quiz's live stream (the same for every listener) brings each answer count, question, reveal and
  // winners; the widget reads its own part again only when the question, its phase or the winners move. Where
  // no stream opens (no EventSource, a proxy that refuses it, the instance's cap of streams), it reads its view
  // every QUIZ_POLL_MS instead (islands/browser/live.ts).
  useEffect(() => {
    let stop = () => {};
    let stopped = false;
    signedDeviceId().then((id) => {
      if (stopped) return;
      setDevice(id);
      read(id);
      let moved = "";
      stop = followLive<QuizScreen>({
        url: `/api/v1/quizzes/${props.segmentId}/live`,
        event: "quiz",
        onData: (screen) => {
          const key = `${screen.question?.id}:${screen.question?.phase}:${screen.winners.length}`;
          if (key !== moved) {
            moved = key;
            read(id);
          } else setQuiz((mine) => mine && { ...mine, ...screen });
        },
        poll: () => read(id),
        pollMs: QUIZ_POLL_MS,
      });
    });
    return () => {
      stopped = true;
      stop();
    };
  }, []);
  // An answer sent while the phone has no network waits and goes again as soon as it is back (or every
  // QUIZ_RETRY_MS), for as long as the question was open when it was picked: its time is the server's
  // receipt, so a late arrival only costs the speed bonus. An answer that arrived but whose reply was lost
  // is answered "already answered" the second time: stored once, nothing to say.
  const [offline, setOffline] = useState(false);
  const [sending, setSending] = useState(false);
  const send = async (question: QuizQuestionView, choiceIds: number[]) => {
    if (!device) return;
    try {
      localStorage.setItem(PSEUDONYM_KEY, name);
    } catch { /* kept for this page only */ }
    setPicked([]);
    setSending(true);
    const until = Date.now() + question.remaining_ms + QUIZ_RETRY_MS;
    const body = {
      question_id: question.id,
      choice_ids: choiceIds,
      device_id: device,
      pseudonym: name || null,
    };
    let res = await api("POST", `/api/v1/quizzes/${props.segmentId}/answers`, body);
    while (res.status === 0 && Date.now() < until) {
      setOffline(true);
      await pause(QUIZ_RETRY_MS);
      res = await api("POST", `/api/v1/quizzes/${props.segmentId}/answers`, body);
    }
    setOffline(false);
    const stored = res.ok || (res.data as { code?: string } | null)?.code === "quiz_already_answered";
    setError(stored ? null : errorMessage(res.data, t("quiz.time_up")));
    await read(device);
    setSending(false);
  };
  // a question still open that this device has not answered comes first (a late joiner plays it)
  const playable = quiz?.open[0] ?? null;
  const shown = playable ?? quiz?.question ?? null;
  const answered = shown ? quiz!.answered.includes(shown.id) : false;
  const revealed = shown?.phase === "revealed";
  const mine = quiz?.my_answer ?? null;
  const rightMine = revealed && mine && shown?.bars
    ? shown.bars.filter((b) => b.right).every((b) => mine.includes(b.id)) &&
      mine.length === shown.bars.filter((b) => b.right).length
    : null;
  // the page's main content alone; one screen of the channel widget's inside its frame
  const Screen = props.onClose ? "section" : "main";
  return (
    <Screen class={props.onClose ? "cw-flow quiz-play" : "quiz-play"} data-phase={shown?.phase ?? "waiting"}>
      {props.onClose
        ? (
          <header class="cw-bar">
            <h2 class="cw-flow-title">{props.title}</h2>
            <button
              type="button"
              class="cw-close"
              onClick={props.onClose}
              aria-label={t("channel_widget.close")}
            >
              ✕
            </button>
          </header>
        )
        : <h1 class="quiz-title">{props.title}</h1>}
      <label class="quiz-pseudonym">
        {t("quiz.pseudonym")}
        <input
          value={name}
          maxLength={QUIZ_PSEUDONYM_MAX}
          autocomplete="nickname"
          onInput={(e) =>
            setName((e.target as HTMLInputElement).value)}
        />
      </label>
      {quiz?.won && <p class="quiz-won" role="status">{t("quiz.you_won")}</p>}
      {!shown && <p class="quiz-note">{t("quiz.waiting")}</p>}
      {shown && <QuizQuestion question={shown} t={t} />}
      {shown && playable && !answered && !sending && (
        <div class="quiz-choices">
          {playable.choices.map((c, i) => (
            <button
              type="button"
              class="w-btn quiz-choice"
              key={c.id}
              aria-pressed={playable.multiple ? picked.includes(c.id) : undefined}
              onClick={() =>
                playable.multiple
                  ? setPicked(
                    picked.includes(c.id)
                      ? picked.filter((id) => id !== c.id)
                      : [...picked, c.id],
                  )
                  : send(playable, [c.id])}
            >
              <span class="quiz-letter">{choiceLetter(i)}</span> {c.label}
            </button>
          ))}
          {playable.multiple && (
            <button
              type="button"
              class="w-btn w-btn-primary"
              disabled={!picked.length}
              onClick={() => send(playable, picked)}
            >
              {t("quiz.send")}
            </button>
          )}
        </div>
      )}
      {answered && !revealed && <p class="quiz-note" role="status">{t("quiz.answered")}</p>}
      {rightMine !== null && (
        <p class="quiz-verdict" data-right={rightMine ? "true" : "false"} role="status">
          {t(rightMine ? "quiz.right" : "quiz.wrong")}
        </p>
      )}
      {offline && <p class="quiz-note" role="status">{t("quiz.offline")}</p>}
      {error && <p class="quiz-error" role="alert">{error}</p>}
      {quiz?.me && <p class="quiz-me">{t("quiz.your_score", { score: quiz.me.score, rank: quiz.me.rank })}
      </p>}
      {quiz && <QuizBoard screen={quiz} t={t} />}
    </Screen>
  );
}

export default island("QuizPlay", QuizGame, { ns: ["quiz", "widget"] });
