// The job handlers of every queue (pg-boss), registered by app/boot.ts: in the web process when
// WORKER=inline, else by the worker process (worker.ts).
import type PgBoss from "pg-boss";
import type { AppDeps } from "./env.ts";
import { every, JOB_EXPIRE_SECONDS, jobSignal, QUEUES } from "../lib/platform/jobs.ts";
import {
  MediaInputError,
  processMedia,
  renderReplyBroadcast,
  renderTrimmedBroadcast,
} from "../lib/media/processing.ts";
import { endMediaJobRetries } from "../db/media_jobs.ts";
import { forgetSearchTotals } from "../db/inbox.ts";
import { purgeRateLimits } from "../db/rate_limits.ts";
import { cleanupUploads } from "../lib/media/tus.ts";
import { forgetOldSessions } from "../lib/platform/sessions.ts";
import { forgetOldAudit } from "../lib/audit/service.ts";
import { enqueueDeliveriesOfMedia, registerDeliveryJobs } from "../lib/delivery/jobs.ts";
import { applyRetention, buildExport, cleanupExports } from "../lib/app_users/data_rights.ts";
import { rollStatistics } from "../lib/statistics/rollups.ts";
import { STATISTICS_ROLLUP_MINUTES } from "../lib/rules/constants.ts";
import { registerWebhookJobs } from "../lib/webhooks/send.ts";
import { mediaProcessed } from "../lib/webhooks/dispatch.ts";
import { writeStoredImageVariants } from "../lib/media/image_variants.ts";
import { forgetUnusedUploads } from "../lib/media/stored.ts";
import { mediaJobConcurrency } from "../lib/rules/media_jobs.ts";
import { registerLineJobs } from "../lib/lines/media.ts";
import { registerLineReplyJobs } from "../lib/lines/replies.ts";
import { log } from "../lib/platform/log.ts";

const HOUR_MS = 3600_000;
const DAY_MS = 86_400_000;

/**
 * Registers the job handlers of every queue on a started pg-boss. `stopJobs()` kills the tools (ffmpeg) of
 * the jobs running: called once pg-boss has failed them on a stop, so another worker retries them.
 */
export async function registerWorkers(boss: PgBoss, deps: AppDeps): Promise<{ stopJobs(): void }> {
  const stopping = new AbortController();
  // Each capability registers its handlers here (media processing, delivery, mails).
  const poll = { pollingIntervalSeconds: 0.5 };
  // several media jobs at once (one per CPU unless MEDIA_JOB_CONCURRENCY says), each worker
  // taking the highest priority first (pg-boss orders by priority): a voice sent to the studio without a
  // click does not wait behind the others
  const concurrency = mediaJobConcurrency(deps.config.MEDIA_JOB_CONCURRENCY, navigator.hardwareConcurrency);
  for (let n = 0; n < concurrency; n++) await workOnMedia(boss, deps, poll, stopping.signal);
  // in/out points saved in the inbox: the trimmed broadcast copy is rendered from the original;
  // a staff voice or video reply gets its first broadcast copy
  await boss.work<{ mediaId: string; reply?: boolean }>(QUEUES.broadcast, poll, async ([job]) => {
    const media = { sql: deps.sql, storage: deps.storage };
    // its ffmpeg ends when the job expires (900 s): a retry never runs beside it
    const run = { signal: jobSignal(JOB_EXPIRE_SECONDS, stopping.signal) };
    if (job.data.reply) await renderReplyBroadcast(media, job.data.mediaId, run);
    else await renderTrimmedBroadcast(media, job.data.mediaId, run);
  });
  // abandoned uploads (tus files and slots), search totals, ended sessions and login failures older
  // than a day are removed hourly
  const hourly = [
    every(HOUR_MS, "upload cleanup", () => cleanupUploads(deps)),
    // uploads no participation took within a day: public files nobody sent
    every(HOUR_MS, "unused upload cleanup", () => forgetUnusedUploads(deps.sql, deps.storage)),
    every(
      HOUR_MS,
      "search totals cleanup",
      () => forgetSearchTotals(deps.sql, new Date(Date.now() - DAY_MS)),
    ),
    every(HOUR_MS, "sessions cleanup", () => forgetOldSessions(deps.sql)),
    every(HOUR_MS, "audit log retention", () => forgetOldAudit(deps.sql)),
    // rate-limit windows (logins, per-address vote caps, used proofs of work) that started over a day ago
    every(
      HOUR_MS,
      "rate limit cleanup",
      () => purgeRateLimits(deps.sql, new Date(Date.now() - DAY_MS)),
    ),
  ];
  // listeners' data rights: "download my data" zips, expired ones removed hourly, retention daily
  await boss.work<{ key: string }>(QUEUES.imageVariants, poll, async ([job]) => {
    const signal = jobSignal(JOB_EXPIRE_SECONDS, stopping.signal);
    await writeStoredImageVariants(deps.storage, job.data.key, { signal });
  });
  await boss.work<{ exportId: string }>(QUEUES.dataExport, poll, async ([job]) => {
    await buildExport(deps, job.data.exportId);
  });
  await boss.work(QUEUES.retention, poll, async () => {
    await applyRetention(deps);
  });
  await queueDailyRetention(boss);
  hourly.push(
    every(HOUR_MS, "data export cleanup", () => cleanupExports(deps)),
    every(HOUR_MS, "retention", () => queueDailyRetention(boss)),
  );
  // the statistics' daily rollups (a backfill on the first run), one run per slot across workers
  await boss.work(QUEUES.statistics, poll, async () => {
    await rollStatistics(deps.sql);
  });
  await queueStatisticsRollup(boss);
  hourly.push(every(STATISTICS_ROLLUP_MINUTES * 60_000, "statistics", () => queueStatisticsRollup(boss)));
  boss.on("stopped", () => hourly.forEach((task) => task.stop()));
  await registerDeliveryJobs(boss, deps);
  await registerWebhookJobs(boss, deps);
  await registerLineJobs(boss, deps); // phone lines' voices fetched from their providers
  await registerLineReplyJobs(boss, deps); // staff replies sent back through the lines
  return { stopJobs: () => stopping.abort() };
}

/**
 * One media worker: processes a job, then tells inboxes and webhooks and enqueues its automatic delivery.
 * A job is retried when its worker dies (it expires after MEDIA_JOB_EXPIRE_SECONDS) or on a passing error;
 * a file that cannot be decoded fails at once, with the reason.
 */
async function workOnMedia(
  boss: PgBoss,
  deps: AppDeps,
  poll: { pollingIntervalSeconds: number },
  stopping: AbortSignal,
) {
  const { TRANSCRIBE_BASE_URL, TRANSCRIBE_API_KEY } = deps.config;
  await boss.work<{ mediaId: string }>(QUEUES.media, { ...poll, includeMetadata: true }, async ([job]) => {
    // pg-boss retries a job still active when it expires: its ffmpeg is killed then, not left beside the retry
    const signal = jobSignal(deps.config.MEDIA_JOB_EXPIRE_SECONDS, stopping);
    try {
      const result = await processMedia(
        {
          sql: deps.sql,
          storage: deps.storage,
          transcription: TRANSCRIBE_BASE_URL
            ? { baseUrl: TRANSCRIBE_BASE_URL, apiKey: TRANSCRIBE_API_KEY }
            : undefined,
        },
        job.data.mediaId,
        { lastAttempt: job.retryCount >= job.retryLimit, signal },
      );
      await mediaProcessed(deps, job.data.mediaId); // inboxes and webhooks hear of it
      // an accepted voice of an automatic-delivery interaction goes to the studio now
      // (the sweep stays the fallback: a failure here does not make the processing run again)
      await enqueueDeliveriesOfMedia({ sql: deps.sql, boss }, job.data.mediaId).catch((e) =>
        log.error("delivery enqueue after processing failed", { media_id: job.data.mediaId, error: e })
      );
      return result;
    } catch (error) {
      if (error instanceof MediaInputError) await endMediaJobRetries(deps.sql, job.id);
      throw error;
    }
  });
}

/**
 * Queues the retention sweep every 12 hours across every worker and restart: asked at start and hourly,
 * pg-boss keeps one job per 12 h slot (its longest throttle: the archive interval), so a restarted
 * worker never skips a day and several workers never sweep twice in a slot.
 */
export async function queueDailyRetention(boss: PgBoss): Promise<string | null> {
  return await boss.send(QUEUES.retention, {}, { singletonKey: "daily", singletonSeconds: 43_200 });
}

/** Queues a roll of the statistics, at most one per STATISTICS_ROLLUP_MINUTES slot across every worker. */
export async function queueStatisticsRollup(boss: PgBoss): Promise<string | null> {
  return await boss.send(QUEUES.statistics, {}, {
    singletonKey: "rollup",
    singletonSeconds: STATISTICS_ROLLUP_MINUTES * 60,
  });
}
