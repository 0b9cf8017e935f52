// The live quiz of a game interaction (lib/rules/quiz.ts): its questions with their server times, one answer
// per question and player, and the winners announced. SQL only.
import type { Db, Json } from "./client.ts";
import type { QuizQuestionInput, QuizQuestionRow } from "../lib/rules/quiz.ts";
export type { QuizQuestionRow };

const QUESTION = `id::int as id, segment_id::int as segment_id, position, text, image_url, choices,
  right_choice_ids, time_limit_s, points, opened_at, closes_at, revealed_at`;

/** The questions of a quiz in the order they are played. */
export async function listQuizQuestions(sql: Db, segmentId: number): Promise<QuizQuestionRow[]> {
  return await sql<QuizQuestionRow[]>`
    select ${sql.unsafe(QUESTION)} from quiz_questions where segment_id = ${segmentId} order by position`;
}

/** One question of a quiz, or null (another quiz's question is null too). */
export async function getQuizQuestion(
  sql: Db,
  segmentId: number,
  id: number,
): Promise<QuizQuestionRow | null> {
  const [row] = await sql<QuizQuestionRow[]>`
    select ${sql.unsafe(QUESTION)} from quiz_questions where segment_id = ${segmentId} and id = ${id}`;
  return row ?? null;
}

/** Replaces the questions of a quiz none of whose questions was played yet; false when one was. */
export async function replaceQuizQuestions(
  sql: Db,
  segmentId: number,
  questions: QuizQuestionInput[],
): Promise<boolean> {
  const [played] = await sql<{ n: number }[]>`
    select count(*)::int as n from quiz_questions where segment_id = ${segmentId} and opened_at is not null`;
  if (played.n > 0) return false;
  await sql`delete from quiz_questions where segment_id = ${segmentId}`;
  for (const [i, q] of questions.entries()) {
    await sql`insert into quiz_questions (segment_id, position, text, image_url, choices, right_choice_ids,
      time_limit_s, points)
      values (${segmentId}, ${i + 1}, ${q.text}, ${q.image_url ?? null}, ${sql.json(q.choices)},
        ${q.right_choice_ids}, ${q.time_limit_s}, ${q.points})`;
  }
  return true;
}

/** Opens a question not opened yet, with the server's times; false when it was already opened. */
export async function openQuizQuestion(
  sql: Db,
  id: number,
  openedAt: Date,
  closesAt: Date,
): Promise<boolean> {
  const rows = await sql`update quiz_questions set opened_at = ${openedAt}, closes_at = ${closesAt}
    where id = ${id} and opened_at is null returning id`;
  return rows.length === 1;
}

/** Closes a question now (the presenter stops the countdown early): answers after `now` are refused. */
export async function closeQuizQuestion(sql: Db, id: number, now: Date): Promise<void> {
  await sql`update quiz_questions set closes_at = least(closes_at, ${now}) where id = ${id}`;
}

/**
 * Reveals a closed question's right answer. It takes no answer from now on, so the tags of the forgotten
 * numbers that answered it (`forgetQuizPlayers`) are dropped.
 */
export async function revealQuizQuestion(sql: Db, id: number, now: Date): Promise<void> {
  await sql`update quiz_questions set revealed_at = coalesce(revealed_at, ${now}) where id = ${id}`;
  await sql`delete from quiz_forgotten_answers where question_id = ${id}`;
}

/**
 * Drops the tags of forgotten numbers for the questions of a quiz other than `openId`: a question opens only
 * once the others are closed, so none of them can take an answer any more.
 */
export async function dropForgottenAnswers(sql: Db, segmentId: number, openId: number): Promise<void> {
  await sql`delete from quiz_forgotten_answers f using quiz_questions q
    where q.id = f.question_id and q.segment_id = ${segmentId} and q.id <> ${openId}`;
}

/**
 * Whether `player` answered the question before it was forgotten (its STOP, its erasure): its tag is the one
 * `forgetQuizPlayers` leaves.
 */
export async function answeredBeforeForgotten(sql: Db, questionId: number, player: string): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    select exists(select 1 from quiz_forgotten_answers where question_id = ${questionId}
      and tag = quiz_forgotten_tag(${questionId}, ${player}))
      as found`;
  return row.found;
}

export interface NewQuizAnswer {
  question_id: number;
  segment_id: number;
  player: string;
  pseudonym: string;
  choice_ids: number[];
  received_at: Date;
  elapsed_ms: number;
  correct: boolean;
  points: number;
  integrity: "counted" | "suspicious";
}

/**
 * Stores an answer unless the player already answered the question (under its key, or under the number it
 * was before a STOP: the tag `forgetQuizPlayers` leaves), and only while the question takes answers at
 * `received_at` (checked in the same statement, so an answer racing the close is refused).
 * Returns "stored", "repeated" (already answered) or "closed".
 */
export async function insertQuizAnswer(sql: Db, a: NewQuizAnswer): Promise<"stored" | "repeated" | "closed"> {
  const rows = await sql<{ id: number }[]>`
    insert into quiz_answers (question_id, segment_id, player, pseudonym, choice_ids, received_at, elapsed_ms,
      correct, points, integrity)
    select ${a.question_id}, ${a.segment_id}, ${a.player}, ${a.pseudonym}, ${a.choice_ids}, ${a.received_at},
      ${a.elapsed_ms}, ${a.correct}, ${a.points}, ${a.integrity}
    from quiz_questions q
    where q.id = ${a.question_id} and q.opened_at is not null and q.revealed_at is null
      and q.closes_at > ${a.received_at}
      and not exists (select 1 from quiz_forgotten_answers f where f.question_id = q.id
        and f.tag = quiz_forgotten_tag(q.id, ${a.player}))
    on conflict (question_id, player) do nothing
    returning id::int as id`;
  if (rows.length) return "stored";
  const [open] = await sql<{ open: boolean }[]>`
    select (opened_at is not null and revealed_at is null and closes_at > ${a.received_at}) as open
    from quiz_questions where id = ${a.question_id}`;
  return open?.open ? "repeated" : "closed";
}

/** The counted answers of each choice of a question (a multiple answer counts for each of its choices). */
export async function countQuizChoices(sql: Db, questionId: number): Promise<Map<number, number>> {
  const rows = await sql<{ choice_id: number; n: number }[]>`
    select c::int as choice_id, count(*)::int as n from quiz_answers, unnest(choice_ids) c
    where question_id = ${questionId} and integrity = 'counted' group by c`;
  return new Map(rows.map((r) => [r.choice_id, r.n]));
}

/** How many counted answers a question received. */
export async function countQuizAnswers(sql: Db, questionId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from quiz_answers where question_id = ${questionId} and integrity = 'counted'`;
  return row.n;
}

export interface QuizAnswerRow {
  id: number;
  question_id: number;
  player: string;
  pseudonym: string;
  choice_ids: number[];
  points: number;
  elapsed_ms: number;
  correct: boolean;
}

/** The counted answers of the revealed questions of a quiz: what the leaderboard sums. */
export async function listRevealedAnswers(sql: Db, segmentId: number): Promise<QuizAnswerRow[]> {
  return await sql<QuizAnswerRow[]>`
    select a.id::int as id, a.question_id::int as question_id, a.player, a.pseudonym, a.choice_ids, a.points,
      a.elapsed_ms, a.correct
    from quiz_answers a join quiz_questions q on q.id = a.question_id
    where a.segment_id = ${segmentId} and a.integrity = 'counted' and q.revealed_at is not null
    order by a.id`;
}

/** A player's answers to a quiz (the widget shows which questions it answered). */
export async function listPlayerAnswers(
  sql: Db,
  segmentId: number,
  player: string,
): Promise<QuizAnswerRow[]> {
  return await sql<QuizAnswerRow[]>`
    select id::int as id, question_id::int as question_id, player, pseudonym, choice_ids, points, elapsed_ms,
      correct
    from quiz_answers where segment_id = ${segmentId} and player = ${player} order by id`;
}

/** The candidates of a quiz draw, ids increasing: each player's first counted right answer. */
export async function quizDrawCandidates(sql: Db, segmentId: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select min(a.id)::int as id from quiz_answers a join quiz_questions q on q.id = a.question_id
    where a.segment_id = ${segmentId} and a.correct and a.integrity = 'counted' and q.revealed_at is not null
    group by a.player order by 1`;
  return rows.map((r) => r.id);
}

export interface QuizWinnerRow {
  rank: number;
  player: string;
  pseudonym: string;
  score: number;
  draw_id: number | null;
}

/** Replaces the winners of a quiz. */
export async function setQuizWinners(sql: Db, segmentId: number, winners: QuizWinnerRow[]): Promise<void> {
  await sql`delete from quiz_winners where segment_id = ${segmentId}`;
  for (const w of winners) {
    await sql`insert into quiz_winners (segment_id, rank, player, pseudonym, score, draw_id)
      values (${segmentId}, ${w.rank}, ${w.player}, ${w.pseudonym}, ${w.score}, ${w.draw_id})`;
  }
}

/** The winners of a quiz, by rank. */
export async function listQuizWinners(sql: Db, segmentId: number): Promise<QuizWinnerRow[]> {
  return await sql<QuizWinnerRow[]>`
    select rank, player, pseudonym, score, draw_id::int as draw_id from quiz_winners
    where segment_id = ${segmentId} order by rank`;
}

/** The player and pseudonym of quiz answers, by id (the winners of a draw). */
export async function quizAnswerPlayers(
  sql: Db,
  ids: number[],
): Promise<{ id: number; player: string; pseudonym: string }[]> {
  if (!ids.length) return [];
  return await sql<{ id: number; player: string; pseudonym: string }[]>`
    select id::int as id, player, pseudonym from quiz_answers where id in ${sql(ids)}`;
}

/** The channel of a listener (signed in), to refuse another channel's listener token. */
export async function appUserChannel(sql: Db, appUserId: number): Promise<number | null> {
  const [row] = await sql<{ channel_id: number | null }[]>`
    select channel_id::int as channel_id from app_users where id = ${appUserId}`;
  return row?.channel_id ?? null;
}

/**
 * Stores a batch of answers in one statement (the group commit of lib/quiz/answer_batch.ts): each is kept only
 * while its question takes answers at its own `received_at` and its player has not answered yet (nor the
 * number it was before a STOP: the tag `forgetQuizPlayers` leaves). The batch
 * holds at most one answer per question and player. Returns the answers stored, as "question_id:player".
 */
export async function insertQuizAnswers(sql: Db, answers: NewQuizAnswer[]): Promise<Set<string>> {
  if (!answers.length) return new Set();
  // postgres.js types JSON as objects with an index signature, which an interface has not: the cast is only that
  const rows = await sql<{ key: string }[]>`
    insert into quiz_answers (question_id, segment_id, player, pseudonym, choice_ids, received_at, elapsed_ms,
      correct, points, integrity)
    select a.question_id, a.segment_id, a.player, a.pseudonym, a.choice_ids, a.received_at, a.elapsed_ms,
      a.correct, a.points, a.integrity
    from jsonb_to_recordset(${
    sql.json(answers as unknown as Json)
  }) as a(question_id bigint, segment_id bigint,
      player text, pseudonym text, choice_ids int[], received_at timestamptz, elapsed_ms int, correct boolean,
      points int, integrity text)
    join quiz_questions q on q.id = a.question_id
    where q.opened_at is not null and q.revealed_at is null and q.closes_at > a.received_at
      and not exists (select 1 from quiz_forgotten_answers f where f.question_id = a.question_id
        and f.tag = quiz_forgotten_tag(a.question_id, a.player))
    on conflict (question_id, player) do nothing
    returning question_id || ':' || player as key`;
  return new Set(rows.map((r) => r.key));
}

/** The times of questions, by id: whether an answer not stored came too late or a second time. */
export async function quizQuestionClocks(
  sql: Db,
  ids: number[],
): Promise<Map<number, Pick<QuizQuestionRow, "opened_at" | "closes_at" | "revealed_at">>> {
  if (!ids.length) return new Map();
  const rows = await sql<(Pick<QuizQuestionRow, "id" | "opened_at" | "closes_at" | "revealed_at">)[]>`
    select id::int as id, opened_at, closes_at, revealed_at from quiz_questions where id in ${sql(ids)}`;
  return new Map(rows.map(({ id, ...clock }) => [id, clock]));
}

/** The per-address cap of each quiz, by id, as it is now (null: the default cap). */
export async function quizVoteCaps(sql: Db, segmentIds: number[]): Promise<Map<number, number | null>> {
  if (!segmentIds.length) return new Map();
  const rows = await sql<{ id: number; cap: number | null }[]>`
    select id::int as id, vote_cap_per_address as cap from segments where id in ${sql(segmentIds)}`;
  return new Map(rows.map((r) => [r.id, r.cap]));
}

/**
 * The number of a phone player's name in a quiz: 1 for the first player called `name`, 2 for the second… A
 * player keeps the number it was given first. Two players claiming at once cannot take the same number: the
 * unique (name, n) makes the later one claim again.
 */
export async function claimQuizName(
  sql: Db,
  segmentId: number,
  player: string,
  name: string,
): Promise<number> {
  for (let attempt = 0;; attempt++) {
    const [row] = await sql<{ n: number }[]>`
      with mine as (select n from quiz_line_names where segment_id = ${segmentId} and player = ${player}),
      claimed as (
        insert into quiz_line_names (segment_id, player, name, n)
        select ${segmentId}, ${player}, ${name}, next.n from (
          select coalesce(max(n), 0) + 1 as n from quiz_line_names
          where segment_id = ${segmentId} and name = ${name}) next
        where not exists (select 1 from mine)
        on conflict do nothing returning n)
      select n from mine union all select n from claimed`;
    if (row) return row.n;
    if (attempt === 50) throw new Error("quiz name not claimed"); // only under a storm of one city's players
  }
}

/**
 * Holds the questions a batch of answers goes to until its transaction ends, before its insert: a number's
 * forgetting (`holdAnswerableQuestions`, at its STOP or erasure) under way is waited for, so the insert, a
 * statement of its own, sees the tags it left; one that comes next waits for the batch, so it finds (and
 * rekeys) the answers just stored. Either way a number forgotten while it answers counts once.
 */
export async function holdQuizQuestions(sql: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await sql`select 1 from quiz_questions where id in ${sql(ids)} order by id for key share`;
}

/**
 * The other side of `holdQuizQuestions`, in the transaction of a forgetting, before anything else: the
 * questions that may still take answers, held until it commits.
 */
export async function holdAnswerableQuestions(sql: Db): Promise<void> {
  await sql`select 1 from quiz_questions
    where opened_at is not null and revealed_at is null and closes_at > now() - interval '1 hour'
    order by id for update`;
}

/**
 * Leaves the tags `forgetQuizPlayers` leaves for the answers of `player` to the questions still taking answers,
 * as if `as` had given them: a number linked to an account answered as the account, and once its STOP unlinks
 * them, the number texting again (as `as`) must still find the questions it answered.
 */
export async function tagOpenAnswers(sql: Db, player: string, as: string): Promise<void> {
  await sql`
    insert into quiz_forgotten_answers (question_id, tag)
    select a.question_id, quiz_forgotten_tag(a.question_id, ${as})
    from quiz_answers a join quiz_questions q on q.id = a.question_id
    where a.player = ${player} and q.opened_at is not null and q.revealed_at is null
      and q.closes_at > now() - interval '1 hour'
    on conflict do nothing`;
}

/**
 * Makes the answers, wins and names of players unlinkable: each player's key in each quiz becomes a random one, so
 * nothing the server can derive from a number (its keyed hash) finds them again, while the answers still count
 * for the same player within their quiz. Returns how many answers were rekeyed.
 *
 * One thing is kept, and only while it serves: for each answer to a question that may still take answers
 * (opened, not revealed), a tag, the SHA-256 of the question and the old key. The old key is already a keyed
 * hash of the number (the server's secret), so the tag is a keyed hash per question: it cannot be turned back
 * into the number, does not lead to the answer (now keyed at random) nor to the same number's tags of other
 * questions, and lets the server refuse that number a second answer to that question, the one purpose it is
 * kept for (the integrity of a game the number took part in). It is dropped once the question can take no
 * answer: at its reveal, when the next question opens, and an hour after its close in any case.
 *
 * Run in a transaction: its questions are held (`holdAnswerableQuestions`) until it commits.
 */
export async function forgetQuizPlayers(sql: Db, players: string[]): Promise<number> {
  if (!players.length) return 0;
  await holdAnswerableQuestions(sql);
  const [row] = await sql<{ n: number }[]>`
    with gone as materialized (
      select segment_id, player, 'f' || replace(gen_random_uuid()::text, '-', '') as key from (
        select segment_id, player from quiz_answers where player = any(${players}::text[])
        union select segment_id, player from quiz_line_names where player = any(${players}::text[])) p),
    tags as (
      insert into quiz_forgotten_answers (question_id, tag)
      select a.question_id, quiz_forgotten_tag(a.question_id, a.player)
      from quiz_answers a join quiz_questions q on q.id = a.question_id
      where a.player = any(${players}::text[]) and q.opened_at is not null and q.revealed_at is null
        and q.closes_at > now() - interval '1 hour'
      on conflict do nothing returning 1),
    stale as (
      delete from quiz_forgotten_answers f using quiz_questions q
      where q.id = f.question_id and (q.revealed_at is not null or q.closes_at <= now() - interval '1 hour')
      returning 1),
    answers as (
      update quiz_answers a set player = g.key from gone g
      where a.segment_id = g.segment_id and a.player = g.player returning 1),
    winners as (
      update quiz_winners w set player = g.key from gone g
      where w.segment_id = g.segment_id and w.player = g.player returning 1),
    names as (
      update quiz_line_names l set player = g.key from gone g
      where l.segment_id = g.segment_id and l.player = g.player returning 1)
    select (select count(*) from answers)::int as n, (select count(*) from tags) as tagged,
      (select count(*) from stale) as dropped`;
  return row.n;
}
