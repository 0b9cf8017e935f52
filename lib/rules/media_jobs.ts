// Media jobs: how many a worker runs at once, and which go first. A voice that goes to the
// studio without a click waits behind no other media job.
import { MEDIA_JOB_CONCURRENCY_MAX, MEDIA_JOB_PRIORITY_AIR } from "./constants.ts";

/**
 * What went wrong with a listener's file, as an `errors.*` key the task status translates
 * (GET tasks/{id}): never a path nor ffmpeg's output, which are logged on the server only.
 */
export const MEDIA_ERRORS = [
  "media_unreadable",
  "media_too_long",
  "media_too_heavy",
  "image_too_many_pixels",
  "media_processing_failed",
] as const;
export type MediaErrorCode = typeof MEDIA_ERRORS[number];

/**
 * The code a failed media job's output gives the listener: its own when it is one of MEDIA_ERRORS (a
 * file that cannot be processed), else media_processing_failed (any other error: its message may name
 * a path or a server, and is not shown).
 * @example mediaErrorOf({ message: "media_too_long" }) // "media_too_long"
 */
export function mediaErrorOf(output: unknown): MediaErrorCode {
  const message = (output as { message?: unknown } | null)?.message;
  return MEDIA_ERRORS.find((code) => code === message) ?? "media_processing_failed";
}

/**
 * The media jobs one worker runs at once: MEDIA_JOB_CONCURRENCY when set, else one per CPU, at most
 * MEDIA_JOB_CONCURRENCY_MAX (more jobs than cores only queue their ffmpeg runs on the same cores).
 * @example mediaJobConcurrency(undefined, 2) // 2
 */
export function mediaJobConcurrency(configured: number | undefined, cpus: number): number {
  if (configured !== undefined) return configured;
  return Math.max(1, Math.min(MEDIA_JOB_CONCURRENCY_MAX, Math.floor(cpus) || 1));
}

/** What decides a media job's priority: its interaction's automatic delivery and its message's state. */
export interface MediaJobSubject {
  /** the interaction's delivery option: ftpclassic or netia send automatically */
  deliveryOption: string | null;
  /** "accepted": every accepted message is sent; "air": only those staff mark for air */
  deliveryTrigger: string | null;
  moderation: string;
  /** flagged for broadcast or put in the playout queue */
  markedForAir: boolean;
}

/**
 * A media job's priority: MEDIA_JOB_PRIORITY_AIR when its message will be sent to the studio as soon as
 * it is processed (an accepted message of an interaction with automatic delivery, of every message or of
 * this one marked for air), else 0.
 * @example mediaJobPriority({ deliveryOption: "ftpclassic", deliveryTrigger: "accepted", moderation: "none", markedForAir: false }) // 10
 */
export function mediaJobPriority(subject: MediaJobSubject): number {
  const automatic = subject.deliveryOption === "ftpclassic" || subject.deliveryOption === "netia";
  const accepted = subject.moderation === "none" || subject.moderation === "approved";
  const sent = subject.deliveryTrigger !== "air" || subject.markedForAir;
  return automatic && accepted && sent ? MEDIA_JOB_PRIORITY_AIR : 0;
}
