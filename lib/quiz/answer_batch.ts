// The group commit of a quiz's answers. When a TV game says "answer now", thousands of phones answer the same
// question within seconds: storing each answer on its own (a rate-limit count, then an insert) makes the
// database the queue. Here the answers that arrive while a batch is being stored wait for the next one, which
// stores them all in one transaction of two statements (their per-address counts, then their rows). Each
// answer is acknowledged only once its batch is committed, so none is lost; an answer alone goes at once, so a
// quiet quiz waits for nothing. A batch the database refuses is stored again answer by answer, so one bad
// answer never takes the others down with it.
import type { Sql } from "postgres";
import * as db from "../../db/quiz.ts";
import { hitRateLimit, hitRateLimits } from "../../db/rate_limits.ts";
import { voteIntegrity } from "../rules/vote_integrity.ts";
import { quizPhase } from "../rules/quiz.ts";
import { DEFAULT_VOTE_CAP } from "../rules/constants.ts";

/** The most answers stored in one statement: large enough for a TV game's peak, small enough to stay quick. */
export const QUIZ_ANSWER_BATCH_MAX = 500;

/**
 * Batches stored at once, each on a connection of its own: while one waits for the database, the answers
 * arriving meanwhile go in the next instead of waiting for it. On a loaded machine a batch's round trips
 * are slow, and with one batch at a time every answer waited for the previous batch and its own.
 */
export const QUIZ_ANSWER_BATCHES_IN_FLIGHT = 4;

/** An answer to store: its row (integrity decided here, by the quiz's cap read in the batch) and its counter. */
export interface BatchedAnswer {
  answer: Omit<db.NewQuizAnswer, "integrity">;
  capKey: string;
  windowStart: Date;
}

export type StoreOutcome = "stored" | "repeated" | "closed";

interface Pending extends BatchedAnswer {
  done: (outcome: StoreOutcome) => void;
  fail: (error: unknown) => void;
}

const keyOf = (a: Pick<db.NewQuizAnswer, "question_id" | "player">) => `${a.question_id}:${a.player}`;
const hitKey = (p: BatchedAnswer) => `${p.capKey} ${p.windowStart.toISOString()}`;

/** Stores a batch in one transaction: the counts of its addresses, then its answers. */
async function storeBatch(sql: Sql, batch: BatchedAnswer[]): Promise<StoreOutcome[]> {
  return await sql.begin(async (tx) => {
    // sent together (one round trip): neither needs the other's answer
    // (its questions held first: a number's STOP under way is waited for, see db.holdQuizQuestions)
    const [, caps, counts] = await Promise.all([
      db.holdQuizQuestions(tx, [...new Set(batch.map((p) => p.answer.question_id))]),
      db.quizVoteCaps(tx, [...new Set(batch.map((p) => p.answer.segment_id))]),
      hitRateLimits(tx, batch.map((p) => ({ key: p.capKey, windowStart: p.windowStart }))),
    ]);
    const capOf = (p: BatchedAnswer) => caps.get(p.answer.segment_id) ?? DEFAULT_VOTE_CAP;
    const seen = new Map<string, number>();
    const total = new Map<string, number>();
    for (const p of batch) total.set(hitKey(p), (total.get(hitKey(p)) ?? 0) + 1);
    const rows = batch.map((p) => {
      const k = hitKey(p);
      seen.set(k, (seen.get(k) ?? 0) + 1);
      // the nth hit of this address in the batch counted what it would have counted alone
      const hits = counts.get(k)! - total.get(k)! + seen.get(k)!;
      const integrity = voteIntegrity(hits, capOf(p)) === "counted"
        ? "counted" as const
        : "suspicious" as const;
      return { ...p.answer, integrity };
    });
    const stored = await db.insertQuizAnswers(tx, rows);
    const missed = batch.filter((p) => !stored.has(keyOf(p.answer)));
    const clocks = await db.quizQuestionClocks(tx, [...new Set(missed.map((p) => p.answer.question_id))]);
    return batch.map((p) => {
      if (stored.has(keyOf(p.answer))) return "stored";
      const clock = clocks.get(p.answer.question_id);
      return clock && quizPhase(clock, p.answer.received_at) === "open" ? "repeated" : "closed";
    });
  }) as StoreOutcome[];
}

/** Stores one answer on its own (a batch the database refused). */
async function storeOne(sql: Sql, p: BatchedAnswer): Promise<StoreOutcome> {
  const hits = await hitRateLimit(sql, p.capKey, p.windowStart);
  const cap = (await db.quizVoteCaps(sql, [p.answer.segment_id])).get(p.answer.segment_id) ??
    DEFAULT_VOTE_CAP;
  const integrity = voteIntegrity(hits, cap) === "counted" ? "counted" : "suspicious";
  return await sql.begin(async (tx) => {
    await db.holdQuizQuestions(tx, [p.answer.question_id]);
    return await db.insertQuizAnswer(tx, { ...p.answer, integrity });
  }) as StoreOutcome;
}

/** The group commit of one database: answers queue while a batch is stored, then go together. */
export class AnswerBatcher {
  #queue: Pending[] = [];
  #running = 0;
  constructor(
    private sql: Sql,
    private max = QUIZ_ANSWER_BATCH_MAX,
    private inFlight = QUIZ_ANSWER_BATCHES_IN_FLIGHT,
  ) {}

  /** Stores an answer with the others waiting; resolves once it is committed (or refused). */
  submit(answer: BatchedAnswer): Promise<StoreOutcome> {
    return new Promise((done, fail) => {
      this.#queue.push({ ...answer, done, fail });
      if (this.#running < this.inFlight) void this.#drain();
    });
  }

  /** The next batch: at most `max` answers, one per question and player (a second one waits its turn). */
  #take(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const keys = new Set<string>();
    for (const p of this.#queue) {
      if (batch.length < this.max && !keys.has(keyOf(p.answer))) {
        keys.add(keyOf(p.answer));
        batch.push(p);
      } else rest.push(p);
    }
    this.#queue = rest;
    return batch;
  }

  /** One of the batches in flight: takes the next batch until none waits (a second answer of a player may be
   * stored by another batch meanwhile: the database keeps one, the other is told it was already received). */
  async #drain() {
    this.#running++;
    try {
      while (this.#queue.length) {
        const batch = this.#take();
        try {
          const outcomes = await storeBatch(this.sql, batch);
          batch.forEach((p, i) => p.done(outcomes[i]));
        } catch {
          for (const p of batch) await storeOne(this.sql, p).then(p.done, p.fail);
        }
      }
    } finally {
      this.#running--;
    }
  }
}

const batchers = new WeakMap<Sql, AnswerBatcher>();

/** The group commit of a database (one per connection pool of the app). */
export function answerBatcher(sql: Sql): AnswerBatcher {
  let batcher = batchers.get(sql);
  if (!batcher) batchers.set(sql, batcher = new AnswerBatcher(sql));
  return batcher;
}
