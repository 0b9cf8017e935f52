// The live quiz of a game interaction: the presenter writes its questions, opens them one at a time, reveals
// the right answer and announces the winners; listeners answer from the widget. Every time is the server's.
// Screens hear of each step on the live bus (the overlay's stream already follows `segment` and `results`).
import type { Sql } from "postgres";
import * as db from "../../db/quiz.ts";
import { answerBatcher } from "./answer_batch.ts";
import { AppError } from "../rules/errors.ts";
import { can, requireAccess, type StaffUser } from "../rules/permissions.ts";
import {
  answerPoints,
  closesAt,
  currentQuestion,
  elapsedMs,
  isRightAnswer,
  leaderboard,
  linePlayer,
  questionView,
  QUIZ_TOP,
  quizAnswerSchema,
  quizOver,
  quizPhase,
  quizPlayer,
  quizPseudonym,
  type QuizQuestionInput,
  type QuizScreen,
} from "../rules/quiz.ts";
import { keywordChoices } from "../rules/lines.ts";
import { isValidDeviceId, VOTE_CAP_WINDOW_SECONDS, voteCapKey } from "../rules/vote_integrity.ts";
import { windowStart } from "../platform/rate_limit.ts";
import { getSegment } from "../../db/segments.ts";
import { recordSeededDraw } from "../inbox/draws.ts";
import { segmentFor } from "../segments/service.ts";
import type { EventBus } from "../live/bus.ts";
import { resultsChanged, segmentChanged } from "../live/events.ts";
import type { z } from "zod";

/** The quiz of a game interaction the caller may read (404 for another channel's, 422 for another type). */
async function gameFor(sql: Sql, user: StaffUser, id: number) {
  const segment = await segmentFor(sql, user, id);
  if (segment.type !== "game") throw new AppError(422, "quiz_not_a_game");
  return segment;
}

/**
 * Whether a staff member may run the quiz of interaction `id` from the presenter screen's keys: a game of a
 * channel they reach, with questions, and the right to act on participations (as the interaction page's panel).
 */
export async function mayPresentQuiz(sql: Sql, user: StaffUser | null, id: number): Promise<boolean> {
  if (!user || !can(user, "participations-action")) return false;
  try {
    await gameFor(sql, user, id);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  return (await db.listQuizQuestions(sql, id)).length > 0;
}

async function questionFor(sql: Sql, segmentId: number, questionId: number) {
  const q = await db.getQuizQuestion(sql, segmentId, questionId);
  if (!q) throw new AppError(404, "not_found");
  return q;
}

/** A question of a game the presenter may run (open, close, reveal): checked once for each of them. */
async function presentedQuestion(sql: Sql, user: StaffUser, id: number, questionId: number) {
  requireAccess(user, "participations-action");
  await gameFor(sql, user, id);
  return await questionFor(sql, id, questionId);
}

/** The leaderboard of the revealed questions. */
async function standings(sql: Sql, segmentId: number) {
  return leaderboard(await db.listRevealedAnswers(sql, segmentId));
}

/** What the overlay and the presenter screen show (pseudonyms only, never personal data); null without questions. */
export async function quizScreen(sql: Sql, segmentId: number, now: Date): Promise<QuizScreen | null> {
  // the reads go together: on a busy database each waits behind the answers being stored, so reading them
  // one after the other would add those waits up on the overlay's way to air
  const [questions, board, winners] = await Promise.all([
    db.listQuizQuestions(sql, segmentId),
    standings(sql, segmentId),
    db.listQuizWinners(sql, segmentId),
  ]);
  if (!questions.length) return null;
  const q = currentQuestion(questions);
  const [counts, answers] = await Promise.all([
    q && quizPhase(q, now) === "revealed" ? db.countQuizChoices(sql, q.id) : null,
    q ? db.countQuizAnswers(sql, q.id) : 0,
  ]);
  return {
    question: q ? questionView(q, questions.length, now, counts) : null,
    answers,
    top: board.slice(0, QUIZ_TOP).map(({ player: _, ...s }) => s),
    winners: winners.map((w) => ({ rank: w.rank, pseudonym: w.pseudonym, score: w.score })),
  };
}

/** The presenter's view: every question with its right answer and phase, and the screen's state. */
export async function quizForStaff(sql: Sql, user: StaffUser, id: number, now: Date) {
  requireAccess(user, "participations-read");
  await gameFor(sql, user, id);
  const questions = await db.listQuizQuestions(sql, id);
  return {
    questions: questions.map((q) => ({
      ...questionView(q, questions.length, now, null),
      right_choice_ids: q.right_choice_ids,
    })),
    screen: await quizScreen(sql, id, now),
  };
}

/** Writes the questions of a quiz (interaction-action-edit); refused once a question was played. */
export async function setQuizQuestions(
  sql: Sql,
  user: StaffUser,
  id: number,
  questions: QuizQuestionInput[],
) {
  requireAccess(user, "interaction-action-edit");
  await gameFor(sql, user, id);
  const replaced = await sql.begin((tx) => db.replaceQuizQuestions(tx, id, questions));
  if (!replaced) throw new AppError(409, "quiz_already_played");
}

/** Opens a question: the server records when it opened and when its answers close; one question at a time. */
export async function openQuizQuestion(
  sql: Sql,
  bus: EventBus,
  user: StaffUser,
  id: number,
  questionId: number,
  now: Date,
) {
  const question = await presentedQuestion(sql, user, id, questionId);
  const questions = await db.listQuizQuestions(sql, id);
  if (questions.some((q) => quizPhase(q, now) === "open")) throw new AppError(409, "quiz_question_open");
  if (!await db.openQuizQuestion(sql, question.id, now, closesAt(now, question.time_limit_s))) {
    throw new AppError(409, "quiz_already_opened");
  }
  await db.dropForgottenAnswers(sql, id, question.id);
  await segmentChanged(bus, id, "segment");
}

/** Stops the countdown now: answers received from now on are refused. */
export async function closeQuizQuestion(
  sql: Sql,
  bus: EventBus,
  user: StaffUser,
  id: number,
  questionId: number,
  now: Date,
) {
  const question = await presentedQuestion(sql, user, id, questionId);
  if (quizPhase(question, now) === "ready") throw new AppError(409, "quiz_not_opened");
  await db.closeQuizQuestion(sql, question.id, now);
  await segmentChanged(bus, id, "segment");
}

/** Reveals the right answer of a closed question: its points count in the leaderboard from now on. */
export async function revealQuizQuestion(
  sql: Sql,
  bus: EventBus,
  user: StaffUser,
  id: number,
  questionId: number,
  now: Date,
) {
  const question = await presentedQuestion(sql, user, id, questionId);
  const phase = quizPhase(question, now);
  if (phase === "ready") throw new AppError(409, "quiz_not_opened");
  if (phase === "open") throw new AppError(409, "quiz_question_open");
  await db.revealQuizQuestion(sql, question.id, now);
  await segmentChanged(bus, id, "segment");
}

/**
 * Announces the winners: the top scores (ties broken by total answer time), or a draw among the players who
 * answered right, recorded with its seed, candidates and who drew (replayed by the inbox's draw audit).
 */
export async function announceQuizWinners(
  sql: Sql,
  bus: EventBus,
  user: StaffUser,
  id: number,
  body: { mode: "top" | "draw"; count: number },
) {
  requireAccess(user, "participations-action");
  const segment = await gameFor(sql, user, id);
  const result = await sql.begin(async (tx) => {
    await tx`select id from segments where id = ${id} for update`;
    const board = leaderboard(await db.listRevealedAnswers(tx, id));
    if (body.mode === "top") {
      const winners = board.slice(0, body.count).map((s) => ({
        rank: s.rank,
        player: s.player,
        pseudonym: s.pseudonym,
        score: s.score,
        draw_id: null,
      }));
      await db.setQuizWinners(tx, id, winners);
      return { draw_id: null, candidates: board.length };
    }
    const candidates = await db.quizDrawCandidates(tx, id);
    const draw = await recordSeededDraw(tx, user, { id, channel_id: Number(segment.channel_id) }, {
      tab: "quiz",
      count: body.count,
      exclude_previous: false,
      candidates,
    });
    const players = new Map((await db.quizAnswerPlayers(tx, draw.winners)).map((p) => [p.id, p]));
    const scores = new Map(board.map((s) => [s.player, s.score]));
    // a drawn player is named as on the leaderboard ("Marie 2" when another Marie answered first)
    const names = new Map(board.map((s) => [s.player, s.pseudonym]));
    await db.setQuizWinners(
      tx,
      id,
      draw.winners.map((answerId, i) => {
        const p = players.get(answerId)!;
        return {
          rank: i + 1,
          player: p.player,
          pseudonym: names.get(p.player) ?? p.pseudonym,
          score: scores.get(p.player) ?? 0,
          draw_id: draw.id,
        };
      }),
    );
    return { draw_id: draw.id, candidates: candidates.length };
  });
  await segmentChanged(bus, id, "segment");
  return { ...result, winners: (await db.listQuizWinners(sql, id)).map(({ player: _, ...w }) => w) };
}

/** What a listener's answer needs: the database, the secret of device ids, the bus, the time, the address. */
export interface QuizAnswerDeps {
  sql: Sql;
  secret: Uint8Array;
  bus?: EventBus;
  now: Date;
  address: string;
}

/** The game a listener plays: a game interaction with questions, or a 404. */
async function playableGame(sql: Sql, id: number) {
  const segment = await getSegment(sql, id);
  if (!segment || segment.type !== "game") throw new AppError(404, "not_found");
  return segment;
}

/**
 * How long an answer may rely on a game read by an earlier one: its type and channel (the cap is read when
 * the answers are stored). A TV game's peak reads its game once a second instead of once per answer.
 */
export const QUIZ_GAME_CACHE_MS = 1000;
const games = new WeakMap<Sql, Map<number, { type: string; channel_id: number; at: number }>>();
const openedQuestions = new WeakMap<Sql, Map<string, db.QuizQuestionRow>>();

/** The game an answer goes to, read at most once per `QUIZ_GAME_CACHE_MS`, or a 404. */
async function answerableGame(sql: Sql, id: number) {
  let cache = games.get(sql);
  if (!cache) games.set(sql, cache = new Map());
  const hit = cache.get(id);
  if (hit && performance.now() - hit.at < QUIZ_GAME_CACHE_MS) return hit;
  const segment = await playableGame(sql, id);
  if (cache.size > 1000) cache.clear();
  const game = { type: segment.type, channel_id: Number(segment.channel_id), at: performance.now() };
  cache.set(id, game);
  return game;
}

/**
 * The question an answer is for. Once opened, its text, choices, right answers, points and opening never
 * change again (the questions are locked then), so it is read once; its close and reveal may still change,
 * which is why the statement that stores an answer checks them again.
 */
async function openedQuestion(sql: Sql, segmentId: number, questionId: number) {
  let cache = openedQuestions.get(sql);
  if (!cache) openedQuestions.set(sql, cache = new Map());
  const key = `${segmentId}:${questionId}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const question = await questionFor(sql, segmentId, questionId);
  if (question.opened_at) {
    if (cache.size > 1000) cache.clear();
    cache.set(key, question);
  }
  return question;
}

/** The player of a request: a signed-in listener of this channel, else a device issued by this server. */
async function playerOf(
  deps: Pick<QuizAnswerDeps, "sql" | "secret">,
  channelId: number,
  appUserId: number | null,
  deviceId: string | null | undefined,
) {
  if (appUserId) {
    if (await db.appUserChannel(deps.sql, appUserId) !== channelId) throw new AppError(403, "forbidden");
  } else if (deviceId && !isValidDeviceId(deps.secret, deviceId)) {
    throw new AppError(400, "invalid_device", {}, { device_id: ["invalid_device"] });
  }
  return quizPlayer(appUserId, deviceId);
}

/**
 * A listener's answer: refused unless its question takes answers at the server's time of receipt; one per
 * question and player (409 already_received); points from the server's times only; past the per-address cap
 * of the interaction the answer is held as suspicious (not counted), as votes are.
 */
export async function answerQuiz(
  deps: QuizAnswerDeps,
  id: number,
  body: z.infer<typeof quizAnswerSchema>,
  appUserId: number | null,
  fallbackName = "Player",
) {
  const segment = await answerableGame(deps.sql, id);
  const player = await playerOf(deps, segment.channel_id, appUserId, body.device_id);
  if (!player) throw new AppError(400, "device_required");
  return await storeAnswer(deps, id, player, quizPseudonym(body.pseudonym, player, fallbackName), body);
}

/**
 * An answer of a known player: refused unless its question takes answers at the server's time of receipt;
 * one per question and player; points from the server's times only; held past the per-address cap.
 */
async function storeAnswer(
  deps: QuizAnswerDeps,
  id: number,
  player: string,
  pseudonym: string,
  body: { question_id: number; choice_ids: number[] },
) {
  const question = await openedQuestion(deps.sql, id, body.question_id);
  const phase = quizPhase(question, deps.now);
  if (phase === "ready") throw new AppError(409, "quiz_not_opened");
  if (phase !== "open") throw new AppError(410, "quiz_answers_closed");
  if (!body.choice_ids.every((c) => question.choices.some((q) => q.id === c))) {
    throw new AppError(400, "quiz_invalid_choice", {}, { choice_ids: ["quiz_invalid_choice"] });
  }
  const correct = isRightAnswer(body.choice_ids, question.right_choice_ids);
  const elapsed = elapsedMs(question.opened_at!, deps.now);
  // stored with the answers arriving meanwhile (lib/quiz/answer_batch.ts), acknowledged once committed
  const stored = await answerBatcher(deps.sql).submit({
    answer: {
      question_id: question.id,
      segment_id: id,
      player,
      pseudonym,
      choice_ids: body.choice_ids,
      received_at: deps.now,
      elapsed_ms: elapsed,
      correct,
      points: answerPoints({
        correct,
        points: question.points,
        elapsedMs: elapsed,
        timeLimitS: question.time_limit_s,
      }),
    },
    capKey: `${voteCapKey(deps.secret, id, deps.address)}:q${question.id}`,
    windowStart: windowStart(deps.now, VOTE_CAP_WINDOW_SECONDS),
  });
  if (stored === "closed") throw new AppError(410, "quiz_answers_closed");
  if (stored === "repeated") throw new AppError(409, "quiz_already_answered");
  resultsChanged(deps.bus, id);
  return { question_id: question.id, received: true };
}

/** Who answers by phone: the number's keyed hash (never the number), or the account the listener linked it to. */
export interface LinePlayer {
  /** the keyed hash of the number (lib/lines/inbound.ts) */
  sender: string;
  /** the listener account the number was linked to from my space: one answer per person, widget or phone */
  appUserId: number | null;
  /** the channel of the line it was sent to: a line answers only its own channel's quiz */
  channelId: number;
  /** the name on air: "Listener · city", or a made-up player name */
  name: (player: string) => string;
  /** the name of the `n`th player of the quiz with the same name: "Listener · Lyon 2" */
  nth: (name: string, n: number) => string;
}

/**
 * A text sent to a phone line that feeds a live quiz: "A", "2" or a choice's label (read as an SMS vote is),
 * or several of them ("B D") where several choices are right, answers the question open now, under the widget's rules (one per number and question, timed and scored on
 * the server at receipt, refused after the close: AppError). Null when the interaction is not a live quiz:
 * the text is then a participation as any other.
 */
export async function answerQuizByLine(
  deps: QuizAnswerDeps,
  id: number,
  from: LinePlayer,
  text: string,
): Promise<{ question_id: number; received: boolean } | null> {
  const questions = await db.listQuizQuestions(deps.sql, id);
  if (!questions.length) return null;
  if ((await answerableGame(deps.sql, id)).channel_id !== from.channelId) {
    throw new AppError(403, "forbidden");
  }
  const open = questions.find((q) => quizPhase(q, deps.now) === "open");
  const player = from.appUserId ? quizPlayer(from.appUserId, null)! : linePlayer(from.sender);
  if (!open) {
    // after the last question, the player is told the quiz is over (with its final score when it played),
    // not that the next question is coming
    const end = quizOver(questions, deps.now);
    if (!end.over) throw new AppError(410, "quiz_answers_closed");
    const me = end.final ? (await standings(deps.sql, id)).find((s) => s.player === player) : undefined;
    throw new AppError(410, "quiz_over", me ? { rank: me.rank, score: me.score } : {});
  }
  // a question whose every right choice must be picked takes several in one text ("B D", "2,4"), as the
  // widget lets a listener pick several; any other takes one, as the widget does
  const choiceIds = keywordChoices(text, open.choices);
  if (!choiceIds || (choiceIds.length > 1 && open.right_choice_ids.length < 2)) {
    throw new AppError(400, "quiz_invalid_choice");
  }
  // a number forgotten (STOP, erasure) after answering this question is a new player now, but still one number:
  // the question counts its answer once
  if (!from.appUserId && await db.answeredBeforeForgotten(deps.sql, open.id, player)) {
    throw new AppError(409, "quiz_already_answered");
  }
  // several players of one city are told apart on air, each keeping its number for the whole quiz
  const name = from.name(player);
  const n = await db.claimQuizName(deps.sql, id, player, name);
  return await storeAnswer(deps, id, player, n > 1 ? from.nth(name, n) : name, {
    question_id: open.id,
    choice_ids: choiceIds,
  });
}

/**
 * A number's quiz answers after its STOP or erasure: made unlinkable rather than removed. Its key in each quiz
 * (`p<keyed hash>`, which the server can derive from the number again) becomes a random one: the answers keep
 * counting for one player of that quiz, so the counts and bars already on air, the leaderboard and a draw's
 * recorded candidates stay what they were, and nothing leads from the number to them any more. A number that
 * texts again is a new player of the questions to come; a question it answered that is still open keeps a
 * tag of it until it closes (`db.forgetQuizPlayers`), so that one still counts it once.
 */
export async function forgetLinePlayer(
  sql: Sql,
  sender: string,
  appUserId: number | null = null,
): Promise<number> {
  return await sql.begin(async (tx) => {
    // one transaction, the open questions held first: an answer of the number stored meanwhile is either
    // seen here (and rekeyed) or sees the tags (and is refused)
    await db.holdAnswerableQuestions(tx);
    // a number linked to an account answered as the account: once unlinked, it still answers those questions once
    if (appUserId) await db.tagOpenAnswers(tx, quizPlayer(appUserId, null)!, linePlayer(sender));
    return await db.forgetQuizPlayers(tx, [linePlayer(sender)]);
  }) as number;
}

/**
 * What a listener's widget shows: the current question (its remaining time from the server's clock), the
 * questions still open it has not answered (a late joiner plays them), its own score and rank, the top 10 and
 * the winners, with whether it won.
 */
export async function quizForListener(
  deps: Pick<QuizAnswerDeps, "sql" | "secret" | "now">,
  id: number,
  appUserId: number | null,
  deviceId: string | null | undefined,
) {
  const segment = await playableGame(deps.sql, id);
  const player = await playerOf(deps, Number(segment.channel_id), appUserId, deviceId);
  const screen = await quizScreen(deps.sql, id, deps.now);
  if (!screen) throw new AppError(404, "not_found");
  const questions = await db.listQuizQuestions(deps.sql, id);
  const mine = player ? await db.listPlayerAnswers(deps.sql, id, player) : [];
  const answered = new Set(mine.map((a) => a.question_id));
  const board = await standings(deps.sql, id);
  const me = player ? board.find((s) => s.player === player) ?? null : null;
  const winners = player ? await db.listQuizWinners(deps.sql, id) : [];
  const current = screen.question;
  return {
    ...screen,
    open: questions
      .filter((q) => quizPhase(q, deps.now) === "open" && !answered.has(q.id))
      .map((q) => questionView(q, questions.length, deps.now, null)),
    answered: [...answered],
    my_answer: current ? mine.find((a) => a.question_id === current.id)?.choice_ids ?? null : null,
    me: me ? { rank: me.rank, score: me.score, pseudonym: me.pseudonym } : null,
    won: player !== null && winners.some((w) => w.player === player),
  };
}

/**
 * What every listener's widget shares of a live quiz (the screen of the overlay: question, countdown, answer
 * count, top 10, winners), or a 404 when the interaction is not a game with questions. A widget follows it
 * live and reads its own part (its answers, score, the questions it missed) when the question moves on.
 */
export async function publicQuizScreen(sql: Sql, id: number, now: Date): Promise<QuizScreen> {
  await playableGame(sql, id);
  const screen = await quizScreen(sql, id, now);
  if (!screen) throw new AppError(404, "not_found");
  return screen;
}

/** Whether a game interaction is played as a live quiz (it has questions): the widget shows the quiz then. */
export async function isQuiz(sql: Sql, segment: { id: number; type: string }): Promise<boolean> {
  return segment.type === "game" && (await db.listQuizQuestions(sql, segment.id)).length > 0;
}
