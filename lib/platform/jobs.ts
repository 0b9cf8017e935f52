// The background jobs (pg-boss on the app's own database): the queues the worker serves, and how a job
// is started, expired and stopped.
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import { tracedJob, withTraceparent } from "./tracing.ts";
import { log } from "./log.ts";

/** Queue names of the background worker. */
export const QUEUES = {
  media: "media",
  /** The broadcast copy rendered again after staff set in/out points */
  broadcast: "broadcast",
  delivery: "delivery",
  dataExport: "data_export",
  retention: "retention",
  /** The statistics' daily rollups */
  statistics: "statistics",
  /** One webhook delivery attempt (retries are scheduled by the handler: lib/webhooks/send.ts) */
  webhooks: "webhooks",
  /** AVIF and WebP copies of an uploaded background */
  imageVariants: "image_variants",
  /** A phone line's voice note or voicemail fetched from its provider (then processed as media) */
  lineMedia: "line_media",
  /** A staff reply sent back to the listener through the phone line the participation came in on */
  lineReply: "line_reply",
} as const;

/** Every queue's job but the media ones expires (is failed and retried) after this long. */
export const JOB_EXPIRE_SECONDS = 900;

/**
 * The signal a job's handler gives the tools it runs: aborted when pg-boss expires the job. pg-boss retries
 * it no sooner than its retry delay (5 s) after that, so no ffmpeg of the first attempt runs beside the retry.
 * `stopping` aborts it too: an instance that stops kills its jobs' tools rather than leave them orphaned.
 */
export const jobSignal = (expireSeconds: number, stopping?: AbortSignal): AbortSignal =>
  stopping
    ? AbortSignal.any([AbortSignal.timeout(expireSeconds * 1000), stopping])
    : AbortSignal.timeout(expireSeconds * 1000);

/**
 * Starts pg-boss on the app's own postgres.js client (one connection in embedded mode), so jobs
 * and data share one database and one connection budget. A media job still active after
 * `mediaExpireSeconds` (its worker died) is failed by the maintenance and retried; the maintenance
 * runs often enough to notice it within a quarter of that time (every 120 s at most).
 */
export async function startBoss(
  sql: Sql,
  options: { schedule?: boolean; mediaExpireSeconds?: number } = {},
): Promise<PgBoss> {
  const mediaExpireSeconds = options.mediaExpireSeconds ?? 900;
  const { default: Boss } = await import("pg-boss"); // a quarter of a second of loading: see bossWhenReady
  const boss = new Boss({
    db: {
      executeSql: async (text: string, values: unknown[] = []) => {
        // pg-boss sends its schema changes as one "BEGIN; …; COMMIT" script: on a pool, postgres.js
        // only allows that on a reserved connection, and several statements need the simple protocol.
        if (/^\s*begin\b/i.test(text) && values.length === 0) {
          const connection = await sql.reserve();
          try {
            return { rows: await connection.unsafe(text).simple() };
          } finally {
            connection.release();
          }
        }
        // pg-boss hands its parameters untyped; postgres.js asks for its own parameter type
        const rows = await sql.unsafe(text, values.map((v) => v === undefined ? null : v) as never[]);
        return { rows };
      },
    },
    schedule: options.schedule ?? false,
    supervise: true,
    maintenanceIntervalSeconds: Math.min(120, Math.max(1, Math.ceil(mediaExpireSeconds / 4))),
    migrate: true,
  });
  boss.on("error", (error: unknown) => log.error("jobs error", { error }));
  carryTraces(boss);
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    const settings = {
      name,
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: name === QUEUES.media ? mediaExpireSeconds : JOB_EXPIRE_SECONDS,
    };
    await boss.createQueue(name, settings);
    await boss.updateQueue(name, settings); // a queue created by an earlier start takes today's settings
  }
  return boss;
}

/**
 * The job queue while it starts: each call waits for `ready` and is then made on the started queue. The web
 * server answers its first requests without waiting for pg-boss to load, check its schema and its queues
 * (most of a start's time); the first job sent waits for them instead. Never a promise itself, so awaiting it
 * cannot hang.
 * @example deps.boss = bossWhenReady(startBoss(sql)); await deps.boss.send(QUEUES.media, { id })
 */
export function bossWhenReady(ready: Promise<PgBoss>): PgBoss {
  return new Proxy({} as PgBoss, {
    get: (_, method) =>
      method === "then"
        ? undefined
        : (...args: unknown[]) =>
          ready.then((boss) => (Reflect.get(boss, method) as (...a: unknown[]) => unknown).apply(boss, args)),
  });
}

/**
 * Every job sent carries the trace of the request (or job) that sent it, and every handler runs in a span
 * that continues it (lib/platform/tracing.ts): a vote's trace reaches its media job, and that job's its
 * delivery. Both are the instance's own methods, wrapped once, so no call site can forget the trace.
 */
function carryTraces(boss: PgBoss): void {
  const send = boss.send.bind(boss);
  const work = boss.work.bind(boss);
  boss.send =
    ((name: string | PgBoss.Request, data?: object | null, options?: PgBoss.SendOptions) =>
      typeof name === "string"
        ? send(name, withTraceparent(data ?? {}), options ?? {})
        : send({ ...name, data: withTraceparent(name.data ?? {}) })) as typeof boss.send;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: PgBoss.Job<unknown>[]) => Promise<unknown>;
    const traced = (jobs: PgBoss.Job<unknown>[]) => tracedJob(name, jobs[0]?.data, () => handler(jobs));
    return (work as (...args: unknown[]) => Promise<string>)(name, ...rest, traced);
  }) as typeof boss.work;
}

/**
 * Runs `task` every `ms` in this process, in the background (the timer does not keep the process
 * alive). A run still going when the next is due is not doubled; a failure is logged under `label`.
 * `stop()` clears the timer and waits for a run in progress.
 * @example const sweep = every(60_000, "delivery sweep", () => enqueueAcceptedDeliveries(deps))
 */
export function every(ms: number, label: string, task: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= task()
      .then(() => {}, (error) => log.error(`${label} failed`, { task: label, error }))
      .finally(() => running = null);
  }, ms);
  Deno.unrefTimer(timer);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
