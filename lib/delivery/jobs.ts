// Automatic delivery (back-office §9 delivery options ftpclassic / netia): every new accepted message
// with a voice or video file on such a segment is pushed to the channel's FTP by a pg-boss job.
// Messages are found by a sweep (every minute, on messages of the last day never sent) so it works
// whatever created them, once their media is processed; approving a message enqueues it at once.
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import { messageIdsOfMedia, pendingAutoDeliveries } from "../../db/deliveries.ts";
import { deliverMessage } from "./service.ts";
import { AppError } from "../rules/errors.ts";
import { every, QUEUES } from "../platform/jobs.ts";
import { setMediaJobPriority, waitingMediaJobsOf } from "../../db/media_jobs.ts";
import { mediaJobPriority } from "../rules/media_jobs.ts";
import { MEDIA_JOB_PRIORITY_AIR } from "../rules/constants.ts";
import type { Storage } from "../media/storage.ts";

export const DELIVERY_SWEEP_MS = 60_000;

interface Deps {
  sql: Sql;
  storage: Storage;
  jwtSecret: Uint8Array;
  boss?: PgBoss;
}

interface DeliveryJob {
  messageId: number;
  option: "netia" | "ftpclassic";
}

/** Enqueues the automatic delivery of the given messages (or of every pending one) that qualify. */
export async function enqueueAcceptedDeliveries(deps: Omit<Deps, "storage" | "jwtSecret">, ids?: number[]) {
  if (!deps.boss || (ids && !ids.length)) return 0;
  const rows = await pendingAutoDeliveries(deps.sql, ids);
  for (const row of rows) {
    await deps.boss.send(QUEUES.delivery, { messageId: row.id, option: row.delivery_option } as DeliveryJob, {
      singletonKey: `delivery-${row.id}`,
    });
  }
  return rows.length;
}

/**
 * Messages staff just marked for air, put in the playout queue or approved: the ones already
 * processed are enqueued for delivery, and the media jobs of the others, still waiting, go first
 * (their priority raised by the rule of lib/rules/media_jobs.ts).
 */
export async function enqueueMarkedDeliveries(deps: Omit<Deps, "storage" | "jwtSecret">, ids: number[]) {
  if (!deps.boss || !ids.length) return 0; // no job queue (its tables), nothing to deliver
  const waiting = await waitingMediaJobsOf(deps.sql, ids);
  const raised = waiting.filter((job) =>
    mediaJobPriority({
      deliveryOption: job.delivery_option,
      deliveryTrigger: job.delivery_trigger,
      moderation: job.moderation,
      markedForAir: job.marked_for_air,
    }) > job.priority
  );
  await setMediaJobPriority(deps.sql, raised.map((job) => job.job_id), MEDIA_JOB_PRIORITY_AIR);
  return await enqueueAcceptedDeliveries(deps, ids);
}

/**
 * Once a media is processed, the automatic delivery of its messages is enqueued at once rather
 * than at the next sweep (up to DELIVERY_SWEEP_MS later), so an accepted voice reaches the studio in seconds.
 */
export async function enqueueDeliveriesOfMedia(deps: Omit<Deps, "storage" | "jwtSecret">, mediaId: string) {
  return await enqueueAcceptedDeliveries(deps, await messageIdsOfMedia(deps.sql, mediaId));
}

/** Runs one delivery job: netia adds the XML sidecar. Configuration errors are final (no retry). */
export async function runDeliveryJob(deps: Deps, job: DeliveryJob): Promise<string> {
  try {
    const result = await deliverMessage(deps, job.messageId, { sidecar: job.option === "netia" });
    return result.status;
  } catch (error) {
    if (error instanceof AppError) return error.code; // not configured, no media, gone: retrying will not help
    throw error;
  }
}

/** Registers the delivery queue's handler and starts the sweep (stopped with pg-boss). */
export async function registerDeliveryJobs(boss: PgBoss, deps: Omit<Deps, "boss">): Promise<void> {
  // polled every half second like the media queue (pg-boss's default is 2 s): a processed voice's delivery
  // is enqueued at once and the studio waits for it (the latency a studio feels)
  await boss.work<DeliveryJob>(QUEUES.delivery, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await runDeliveryJob(deps, job.data);
  });
  const sweep = every(
    DELIVERY_SWEEP_MS,
    "delivery sweep",
    () => enqueueAcceptedDeliveries({ sql: deps.sql, boss }),
  );
  boss.once("stopped", () => sweep.stop());
}
