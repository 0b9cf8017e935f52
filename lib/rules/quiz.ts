// The live quiz of a game interaction: its questions, when a question takes answers, the points of an answer
// and the leaderboard. Pure. Every time here is the server's: when a question opened and when its answer was
// received, never a time a phone reports, so a slow phone or a clock set wrong changes nothing.
import { z } from "zod";

/** The share of a question's points added for speed: all of it for an answer at once, none at the close. */
export const QUIZ_SPEED_BONUS_SHARE = 0.5;
/** How many players the overlay and the presenter screen list. */
export const QUIZ_TOP = 10;
export { QUIZ_PSEUDONYM_MAX } from "./constants.ts";
import { QUIZ_PSEUDONYM_MAX } from "./constants.ts";

// Each rule fails with its own code, an `errors.*` key of the locales: the question editor shows it next to
// the field the path names ("questions.0.choices.1.label").
const choice = z.object({
  id: z.number({ error: "quiz_choice_duplicate" }).int().positive(),
  label: z.string({ error: "quiz_choice_label_required" }).trim().min(1, "quiz_choice_label_required")
    .max(200, "quiz_choice_label_too_long"),
});
const whole = (code: string, min: number, max: number) =>
  z.number({ error: code }).int(code).min(min, code).max(max, code);

/** One question as the presenter writes it: its choices, the right one(s), a time limit and points. */
export const quizQuestionSchema = z.object({
  text: z.string({ error: "quiz_text_required" }).trim().min(1, "quiz_text_required")
    .max(500, "quiz_text_too_long"),
  image_url: z.string({ error: "quiz_image_url_invalid" }).url("quiz_image_url_invalid")
    .max(1000, "quiz_image_url_invalid").nullish(),
  choices: z.array(choice, { error: "quiz_choices_count" }).min(2, "quiz_choices_count")
    .max(8, "quiz_choices_count"),
  right_choice_ids: z.array(z.number().int().positive(), { error: "quiz_right_required" })
    .min(1, "quiz_right_required").max(8, "quiz_right_required"),
  time_limit_s: whole("quiz_time_limit_range", 5, 600),
  points: whole("quiz_points_range", 0, 10000),
}).refine((q) => new Set(q.choices.map((c) => c.id)).size === q.choices.length, {
  message: "quiz_choice_duplicate",
  path: ["choices"],
}).refine((q) => q.right_choice_ids.every((id) => q.choices.some((c) => c.id === id)), {
  message: "quiz_right_unknown",
  path: ["right_choice_ids"],
});
export type QuizQuestionInput = z.infer<typeof quizQuestionSchema>;

/** The questions of a quiz, in the order they are played. */
export const quizQuestionsSchema = z.object({
  questions: z.array(quizQuestionSchema).min(1, "quiz_questions_count").max(100, "quiz_questions_count"),
});

/** A listener's answer: the question and the choice(s). A time sent along is not read. */
export const quizAnswerSchema = z.object({
  question_id: z.number().int().positive(),
  choice_ids: z.array(z.number().int().positive()).min(1).max(8),
  device_id: z.string().max(100).nullish(),
  pseudonym: z.string().trim().max(QUIZ_PSEUDONYM_MAX).nullish(),
});

/** Where a question is: written, taking answers, closed (answers refused), its right answer shown. */
export type QuizPhase = "ready" | "open" | "closed" | "revealed";

/** The times of a question that say its phase. */
export interface QuizClock {
  opened_at: Date | string | null;
  closes_at: Date | string | null;
  revealed_at: Date | string | null;
}

/** A quiz question as stored (db/quiz.ts reads and writes it); the views pick from it. */
export interface QuizQuestionRow {
  id: number;
  segment_id: number;
  position: number;
  text: string;
  image_url: string | null;
  choices: { id: number; label: string }[];
  right_choice_ids: number[];
  time_limit_s: number;
  points: number;
  opened_at: Date | null;
  closes_at: Date | null;
  revealed_at: Date | null;
}

const ms = (d: Date | string) => new Date(d).getTime();

/** The phase of a question at `now`: answers are taken from its opening until (not at) its close. */
export function quizPhase(q: QuizClock, now: Date): QuizPhase {
  if (q.revealed_at) return "revealed";
  if (!q.opened_at || !q.closes_at) return "ready";
  return now.getTime() < ms(q.closes_at) ? "open" : "closed";
}

/** The milliseconds left to answer, from the server's close: what the widget counts down from. */
export function remainingMs(q: QuizClock, now: Date): number {
  if (quizPhase(q, now) !== "open") return 0;
  return Math.max(0, ms(q.closes_at!) - now.getTime());
}

/** When a question opened now closes. */
export function closesAt(openedAt: Date, timeLimitS: number): Date {
  return new Date(openedAt.getTime() + timeLimitS * 1000);
}

/** Whether the choices sent are exactly the right ones (order aside). */
export function isRightAnswer(choiceIds: readonly number[], rightIds: readonly number[]): boolean {
  const sent = new Set(choiceIds);
  return sent.size === rightIds.length && rightIds.every((id) => sent.has(id));
}

/**
 * The points of an answer: none when wrong; the question's points when right, plus a speed bonus that falls
 * from `QUIZ_SPEED_BONUS_SHARE` of them at the opening to none at the close.
 * @example answerPoints({ correct: true, points: 100, elapsedMs: 0, timeLimitS: 20 }) // 150
 */
export function answerPoints(a: { correct: boolean; points: number; elapsedMs: number; timeLimitS: number }) {
  if (!a.correct) return 0;
  const limit = a.timeLimitS * 1000;
  const left = Math.min(1, Math.max(0, (limit - a.elapsedMs) / limit));
  return a.points + Math.round(a.points * QUIZ_SPEED_BONUS_SHARE * left);
}

/** The time an answer took on the server: received minus opened, never below zero. */
export function elapsedMs(openedAt: Date | string, receivedAt: Date): number {
  return Math.max(0, receivedAt.getTime() - ms(openedAt));
}

/** One answer counted in the leaderboard. */
export interface ScoredAnswer {
  player: string;
  pseudonym: string;
  points: number;
  elapsed_ms: number;
  correct: boolean;
}

/** A line of the leaderboard: a pseudonym (never personal data), the score, right answers and total time. */
export interface QuizStanding {
  rank: number;
  player: string;
  pseudonym: string;
  score: number;
  right: number;
  total_ms: number;
}

/** How two names compare on air: letter case, width forms and runs of spaces do not tell them apart. */
const nameOnAir = (name: string) => name.normalize("NFKC").toLocaleLowerCase().replace(/\s+/g, " ").trim();

/**
 * Tells apart players who chose the same name, as phone players of one city are: the first to answer keeps
 * it, the next are "Marie 2", "Marie 3"… in the order they first answered (`players` in that order), skipping
 * a number whose name another player chose or was given. Returns each player's name on air.
 * @example distinctNames([{ player: "d1", pseudonym: "Marie" }, { player: "d2", pseudonym: "marie" }])
 * // Map { "d1" => "Marie", "d2" => "marie 2" }
 */
export function distinctNames(
  players: readonly { player: string; pseudonym: string }[],
  nth: (name: string, n: number) => string = (name, n) => `${name} ${n}`,
): Map<string, string> {
  const chosen = new Set(players.map((p) => nameOnAir(p.pseudonym)));
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const { player, pseudonym } of players) {
    let name = pseudonym;
    if (taken.has(nameOnAir(name))) {
      let n = 2;
      while (chosen.has(nameOnAir(nth(pseudonym, n))) || taken.has(nameOnAir(nth(pseudonym, n)))) n++;
      name = nth(pseudonym, n);
    }
    taken.add(nameOnAir(name));
    names.set(player, name);
  }
  return names;
}

/**
 * The leaderboard: score first, ties broken by the total answer time (the quicker first), then by whose first
 * answer came first in `answers` (given in the order they were stored), so the order is the same on every
 * screen and stays when a forgotten number's player is given a new key. Players who chose the same name are
 * numbered in the order they first answered (`distinctNames`).
 */
export function leaderboard(answers: readonly ScoredAnswer[]): QuizStanding[] {
  const players = new Map<string, Omit<QuizStanding, "rank">>();
  for (const a of answers) {
    const p = players.get(a.player) ??
      { player: a.player, pseudonym: a.pseudonym, score: 0, right: 0, total_ms: 0 };
    p.score += a.points;
    p.right += a.correct ? 1 : 0;
    p.total_ms += a.elapsed_ms;
    players.set(a.player, p);
  }
  const names = distinctNames([...players.values()]);
  for (const p of players.values()) p.pseudonym = names.get(p.player)!;
  return [...players.values()]
    .sort((a, b) => b.score - a.score || a.total_ms - b.total_ms) // a stable sort: first answers' order kept
    .map((p, i) => ({ rank: i + 1, ...p }));
}

/** The answer bars shown at reveal: each choice's count and share (whole percents), right ones marked. */
export function answerBars(
  choices: readonly { id: number; label: string }[],
  counts: ReadonlyMap<number, number>,
  rightIds: readonly number[],
) {
  const total = choices.reduce((n, c) => n + (counts.get(c.id) ?? 0), 0);
  return choices.map((c) => {
    const count = counts.get(c.id) ?? 0;
    return {
      id: c.id,
      label: c.label,
      count,
      percent: total ? Math.round((count * 100) / total) : 0,
      right: rightIds.includes(c.id),
    };
  });
}

/** The player of an answer: a signed-in listener, else the server-issued device. */
export function quizPlayer(appUserId: number | null, deviceId: string | null | undefined): string | null {
  if (appUserId) return `u${appUserId}`;
  return deviceId ? `d${deviceId}` : null;
}

/**
 * The player of an answer sent by SMS or WhatsApp: the keyed hash of the number (never the number), so a
 * number answers once per question and cannot pass for a device or an account.
 * @example linePlayer("9f86d081884c7d65") // "p9f86d081884c7d65"
 */
export function linePlayer(numberHash: string): string {
  return `p${numberHash}`;
}

/**
 * The name shown on air: the one the listener chose (controls removed), else one made from the player key
 * ("Player 4F2A"), so no personal data is ever shown.
 */
export function quizPseudonym(
  chosen: string | null | undefined,
  player: string,
  fallback = "Player",
): string {
  // deno-lint-ignore no-control-regex -- control characters are removed from a name shown on air
  const clean = (chosen ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, QUIZ_PSEUDONYM_MAX);
  if (clean) return clean;
  let hash = 0;
  for (const ch of player) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${fallback} ${(hash & 0xffff).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** A question as a listener or a screen sees it: never its right answer before the reveal. */
export interface QuizQuestionView {
  id: number;
  position: number;
  count: number;
  text: string;
  image_url: string | null;
  choices: { id: number; label: string }[];
  phase: QuizPhase;
  /** Milliseconds left to answer at the server's `now` (the widget counts down from it, not its own clock). */
  remaining_ms: number;
  time_limit_s: number;
  points: number;
  /** Several choices are right: the widget lets a listener pick more than one, then send. */
  multiple: boolean;
  /** At reveal only: each choice's answers and whether it is right. */
  bars: ReturnType<typeof answerBars> | null;
}

/** What the overlay and the presenter screen show of a quiz: the current question, the top 10, the winners. */
export interface QuizScreen {
  question: QuizQuestionView | null;
  answers: number;
  top: Omit<QuizStanding, "player">[];
  winners: { rank: number; pseudonym: string; score: number }[];
}

/**
 * Whether a quiz is over at `now`: every question was opened and none takes answers any more. Its scores are
 * final once every question is revealed too.
 */
export function quizOver(questions: readonly QuizClock[], now: Date): { over: boolean; final: boolean } {
  const over = questions.length > 0 &&
    questions.every((q) => q.opened_at && quizPhase(q, now) !== "open");
  return { over, final: over && questions.every((q) => q.revealed_at) };
}

/** The question a screen shows: the last one opened (null before the first). */
export function currentQuestion<T extends QuizClock & { position: number }>(
  questions: readonly T[],
): T | null {
  return questions.filter((q) => q.opened_at).sort((a, b) => b.position - a.position)[0] ?? null;
}

/** A question as shown, at the server's `now`; the bars only once revealed. */
export function questionView(
  q: QuizClock & Omit<QuizQuestionRow, "segment_id" | keyof QuizClock>,
  count: number,
  now: Date,
  counts: ReadonlyMap<number, number> | null,
): QuizQuestionView {
  const phase = quizPhase(q, now);
  return {
    id: q.id,
    position: q.position,
    count,
    text: q.text,
    image_url: q.image_url,
    choices: q.choices,
    phase,
    remaining_ms: remainingMs(q, now),
    time_limit_s: q.time_limit_s,
    points: q.points,
    multiple: q.right_choice_ids.length > 1,
    bars: phase === "revealed" && counts ? answerBars(q.choices, counts, q.right_choice_ids) : null,
  };
}
