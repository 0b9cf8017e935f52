// Participation use cases (visitor-widget §7 Send a participation, Finish a media participation,
// Task status, Vote results): load, apply the rules of lib/rules/participation.ts, store, enqueue.
import { countVote } from "../platform/metrics.ts";
import { busOf, type EventBus } from "../live/bus.ts";
import { type ResultsCache, resultsCache } from "./results_cache.ts";
import { resultsChanged } from "../live/events.ts";
import type PgBoss from "pg-boss";
import type { TFunction } from "../rules/i18n.ts";
import type { Sql } from "postgres";
import { getSegment } from "../../db/segments.ts";
import { checkChannelQuota } from "../channels/quota.ts";
import { getResultsRead, getVoteCounts } from "../../db/votes.ts";
import { getMedia, mediaInUse, setMediaChannel } from "../../db/media_jobs.ts";
import {
  getKeyedParticipation,
  getMessage,
  getParticipationContext,
  insertParticipation,
  type MessageView,
  type NewMessage,
  type ParticipationContext,
  replaceMessageMedia,
} from "../../db/participations.ts";
import { recordConsents } from "../app_users/data_rights.ts";
import { AppError } from "../rules/errors.ts";
import { QUEUES } from "../platform/jobs.ts";
import { mediaErrorOf, mediaJobPriority } from "../rules/media_jobs.ts";
import { authorSnapshot, decideParticipation, type Submission, textLimit } from "../rules/participation.ts";
import { captionWithin } from "../rules/lines.ts";
import { canAccessChannel, type StaffUser } from "../rules/permissions.ts";
import { type VoteResultRow, voteResults } from "../rules/votes.ts";
import {
  IMAGE_MAX_PIXELS,
  PARTICIPATION_CONTEXT_CACHE_ENTRIES,
  PARTICIPATION_CONTEXT_CACHE_MS,
} from "../rules/constants.ts";
import {
  DEFAULT_VOTE_CAP,
  isValidDeviceId,
  resultsArePublic,
  VOTE_CAP_WINDOW_SECONDS,
  voteCapKey,
} from "../rules/vote_integrity.ts";
import { windowStart } from "../platform/rate_limit.ts";
import { checkProof } from "./proof_of_work.ts";
import { BoundedCache } from "../platform/bounded_cache.ts";
import { hmacSha256, sameText, toHex } from "../rules/hmac.ts";
import { storeInGroup } from "./group_commit.ts";
import { traceChannel, traced } from "../platform/tracing.ts";

/** Where a participation comes from (body of POST interactions, query of PUT interactions). */
export interface Origin {
  segment: number;
  channel_id?: number;
  show_id?: string | null;
  program_id?: string | null;
  site_ref?: string | null;
  author_app_user_id?: number | null;
  device_id?: string | null;
  extra_user_information?: Record<string, unknown>;
  consent_gdpr?: boolean;
  consent_image_right?: boolean;
  /** The solved proof of work of a high-stakes vote (ALTCHA payload). */
  altcha?: string | null;
  /**
   * The Idempotency-Key the widget drew at Send and sends again on a retry: the participation already
   * stored with it is answered again, never a second one.
   */
  idempotency_key?: string | null;
  /**
   * A phone line's participation (lib/lines): the listener is their number, so it stands for the device
   * (one vote per number and interaction) and the medium is shown; a voice note fetched from the provider
   * by a job of its own (deferMedia) is processed once that job has stored it; the text a listener sent
   * with a picture or video (caption) is stored as the participation's text, shown with the media.
   */
  line?: {
    medium: "whatsapp" | "sms" | "voice";
    phoneNumberId: number | null;
    sender: string;
    deferMedia?: boolean;
    caption?: string | null;
  };
}

/**
 * What sending needs: the database, the job queue (media), the clock, the secret that signs task and
 * device ids, and the sender's address (the per-address vote cap).
 */
export interface SendDeps {
  sql: Sql;
  boss?: PgBoss;
  now: Date;
  secret: Uint8Array;
  address?: string;
  /** Live screens hear of the new participation (lib/live). */
  bus?: EventBus;
}

/** A device id must be one this server issued (POST devices): a made-up or altered one is refused. */
function checkDeviceId(secret: Uint8Array, deviceId: string | null | undefined) {
  if (deviceId && !isValidDeviceId(secret, deviceId)) {
    throw new AppError(400, "invalid_device", {}, { device_id: ["invalid_device"] });
  }
}

/** shareToken: the message's share token, answered to its author only (private unless shared). */
export type SendOutcome =
  | { alreadyReceived: true }
  | { id: number; taskId: string | null; shareToken: string };

/** Answer of a limited second participation (§6: reported with an alreadyReceived flag). */
export const ALREADY_RECEIVED = { message: "already_received", alreadyReceived: true } as const;

/**
 * The participation contexts of the interactions being answered, without their author: a vote under
 * load then costs one statement, which writes only if the segment and its channel are still at the
 * cached version (insertParticipation's contextVersion), so staff's changes apply to the next vote.
 */
const contexts = new BoundedCache<number, ParticipationContext>(
  PARTICIPATION_CONTEXT_CACHE_ENTRIES,
  PARTICIPATION_CONTEXT_CACHE_MS,
);

/** The segment, its channel's settings, choices and author (one query, or none when cached). */
async function loadContext(sql: Sql, segmentId: number, tokenUserId: number | null, cached: boolean) {
  if (cached && tokenUserId === null) {
    const context = contexts.get(segmentId, Date.now());
    // a high-stakes vote's proof is spent when checked: it is checked once, against the current context
    if (context && context.segment.high_stakes !== true) return { context, version: context.version };
  }
  const context = await getParticipationContext(sql, segmentId, tokenUserId);
  if (context) contexts.set(segmentId, { ...context, author: null }, Date.now());
  return { context, version: null };
}

/** 404 and 403 as the spec says. */
function checkContext(context: ParticipationContext | null, origin: Origin, tokenUserId: number | null) {
  const segment = context?.segment;
  if (!segment || (origin.channel_id !== undefined && Number(segment.channel_id) !== origin.channel_id)) {
    throw new AppError(404, "not_found");
  }
  if (origin.author_app_user_id != null && origin.author_app_user_id !== tokenUserId) {
    throw new AppError(403, "author_mismatch");
  }
  return context!;
}

/** Sends a participation without media (text, vote, multiple choice, sms, registration, game). */
export function sendParticipation(...args: Parameters<typeof storeParticipation>): Promise<SendOutcome> {
  // the votes' query group: its own span when traces are exported
  return traced("votes.store", { "im.segment_id": args[1].segment }, () => storeParticipation(...args));
}

async function storeParticipation(
  deps: SendDeps,
  origin: Origin,
  content: { choice_ids?: number[]; text?: string; only_user_data?: boolean },
  tokenUserId: number | null,
  media?: { id: string; kind: "audio" | "video" | "image" },
): Promise<SendOutcome> {
  checkDeviceId(deps.secret, origin.device_id);
  const prior = await repeated(deps, origin);
  if (prior) return prior;
  const cached = await loadContext(deps.sql, origin.segment, tokenUserId, true);
  if (cached.version === null) {
    return await store(deps, origin, content, tokenUserId, media, cached.context, null) as SendOutcome;
  }
  try {
    const outcome = await store(deps, origin, content, tokenUserId, media, cached.context, cached.version);
    if (outcome !== "stale") return outcome;
  } catch (error) {
    // a refusal is confirmed against the interaction as it is now, not as it was cached
    if (!(error instanceof AppError)) throw error;
  }
  // staff changed the interaction since it was cached: the rules are applied again to what it is now
  const fresh = await loadContext(deps.sql, origin.segment, tokenUserId, false);
  return await store(deps, origin, content, tokenUserId, media, fresh.context, null) as SendOutcome;
}

/**
 * The answer of the participation already stored with the origin's idempotency key (a request sent again
 * after its answer was lost), or null when there is none.
 */
async function repeated(deps: SendDeps, origin: Origin): Promise<SendOutcome | null> {
  if (!origin.idempotency_key) return null;
  const prior = await getKeyedParticipation(deps.sql, origin.segment, origin.idempotency_key);
  if (!prior) return null;
  // a key is the sender's own: another device naming it learns nothing of the participation (nor its share link)
  if ((prior.device_id ?? null) !== (origin.device_id ?? null)) throw new AppError(409, "conflict");
  const taskId = prior.media_id ? prior.answered_task_id : messageTaskId(deps.secret, prior.id);
  return { id: prior.id, taskId, shareToken: prior.share_token };
}

/** Applies the rules to a participation and stores it ("stale": the context's version is not current). */
async function store(
  deps: SendDeps,
  origin: Origin,
  content: { choice_ids?: number[]; text?: string; only_user_data?: boolean },
  tokenUserId: number | null,
  media: { id: string; kind: "audio" | "video" | "image" } | undefined,
  context: ParticipationContext | null,
  version: string | null,
): Promise<SendOutcome | "stale"> {
  const { sql } = deps;
  const { segment, author, segmentCustomisation, choices } = checkContext(context, origin, tokenUserId);
  traceChannel(segment.channel_id);
  const submission: Submission = {
    choice_ids: content.choice_ids,
    text: content.text,
    media: media?.kind,
    only_user_data: content.only_user_data,
    extra_user_information: origin.extra_user_information,
    consent_gdpr: origin.consent_gdpr,
    consent_image_right: origin.consent_image_right,
  };
  const decision = decideParticipation({
    segment,
    choices: choices.map((c) => c.id),
    author,
    submission,
    segmentCustomisation,
    now: deps.now,
  });
  if (decision.limited && !author && !origin.device_id && !origin.line) {
    throw new AppError(400, "device_required");
  }
  if (segment.high_stakes === true && decision.choiceIds?.length) {
    await checkProof(sql, deps.secret, Number(segment.id), origin.altcha);
  }
  const snapshot = authorSnapshot(author, origin.extra_user_information);
  const labels = new Map(choices.map((c) => [c.id, c.label]));
  const body: Record<string, unknown> = {};
  // a line's caption rides on its media, held to the channel's text limit (lib/rules/lines.ts captionWithin)
  const caption = media && origin.line?.caption ? origin.line.caption : null;
  const text = decision.text ?? (caption ? captionWithin(caption, textLimit(segmentCustomisation)) : null);
  if (text !== null) body.text = text;
  if (decision.choiceIds) {
    body.choice_ids = decision.choiceIds;
    body.choice_text = decision.choiceIds.map((id) => labels.get(id)).join(", ");
  }
  if (media) body.recording_id = media.id;
  const message: NewMessage = {
    channelId: Number(segment.channel_id),
    segmentId: Number(segment.id),
    showId: origin.show_id ?? segment.show_id ?? null,
    programId: origin.program_id ?? segment.program_id ?? null,
    authorAppUserId: author?.id ?? null,
    deviceId: origin.device_id ?? (origin.line ? `phone:${origin.line.sender}` : null),
    siteRef: origin.site_ref ?? null,
    type: decision.type,
    content: body,
    text,
    choiceIds: decision.choiceIds,
    mediaId: media?.id ?? null,
    extraUserInformation: origin.extra_user_information ?? {},
    authorName: snapshot.name,
    authorCity: snapshot.city,
    consentGdpr: origin.consent_gdpr === true,
    consentImageRight: origin.consent_image_right === true,
    onlyUserData: decision.onlyUserData,
    isTestimonial: decision.isTestimonial,
    // a number votes once per interaction, as a device of an interaction limited to one vote
    limited: decision.limited || (!!origin.line && !!decision.choiceIds?.length),
    moderation: segment.requires_approval ? "pending" : "none",
    processingStatus: media && media.kind !== "image" ? "pending" : "none",
    voteCap: decision.choiceIds?.length
      ? {
        key: voteCapKey(deps.secret, Number(segment.id), deps.address ?? "unknown"),
        windowStart: windowStart(deps.now, VOTE_CAP_WINDOW_SECONDS),
        cap: Number(segment.vote_cap_per_address ?? DEFAULT_VOTE_CAP),
      }
      : null,
    contextVersion: version,
    idempotencyKey: origin.idempotency_key ?? null,
    // a media task's id is drawn here so that a participation sent again answers the same one
    answeredTaskId: media && origin.idempotency_key && deps.boss ? crypto.randomUUID() : null,
    medium: origin.line?.medium ?? "widget",
    phoneNumberId: origin.line?.phoneNumberId ?? null,
  };
  // the widget's participations (no app user, no media, no key) are stored by group commit, the others alone
  const inserted = !author && !media && !origin.idempotency_key && !origin.line
    ? await storeInGroup(sql, message)
    : await insertParticipation(sql, message);
  if (inserted === "stale") return inserted;
  // the same participation sent twice at once: the one stored first is answered to both
  if (inserted === "repeated") return (await repeated(deps, origin))!;
  if (!inserted) return { alreadyReceived: true };
  if (decision.choiceIds?.length) countVote();
  resultsChanged(deps.bus, Number(segment.id), inserted.id, Number(segment.channel_id));
  await recordConsents(sql, {
    messageId: inserted.id,
    channelId: Number(segment.channel_id),
    segmentId: Number(segment.id),
    gdpr: origin.consent_gdpr === true,
    imageRight: origin.consent_image_right === true,
  }, deps.now);
  let taskId: string | null = null;
  if (media && origin.line?.deferMedia) {
    await setMediaChannel(sql, media.id, Number(segment.channel_id));
  } else if (media) {
    await setMediaChannel(sql, media.id, Number(segment.channel_id));
    // a voice the studio gets without a click is processed before the others waiting
    const priority = mediaJobPriority({
      deliveryOption: segment.delivery_option,
      deliveryTrigger: segment.delivery_trigger,
      moderation: segment.requires_approval ? "pending" : "none",
      markedForAir: false,
    });
    const id = message.answeredTaskId ?? undefined;
    taskId = (await deps.boss?.send(QUEUES.media, { mediaId: media.id }, { priority, id })) ?? null;
  } else {
    // nothing runs in the background for it: the task is done, and its result is read when polled
    taskId = messageTaskId(deps.secret, inserted.id);
  }
  return { id: inserted.id, taskId, shareToken: inserted.share_token };
}

/** The participation a re-recording replaces: the sender's own (their account or device) in this interaction. */
async function ownParticipation(sql: Sql, id: number, origin: Origin, tokenUserId: number | null) {
  const message = await getMessage(sql, id);
  const own = message && message.segment_id === origin.segment &&
    ((tokenUserId !== null && message.author_app_user_id === tokenUserId) ||
      (origin.device_id && message.device_id === origin.device_id));
  if (!message || !own) throw new AppError(404, "not_found");
  return message;
}

/**
 * The media job's id of a keyed re-recording, derived from its Idempotency-Key and participation so that
 * the request sent again answers the same task without storing it (a UUID, as the job queue wants).
 */
export function replacementTaskId(secret: Uint8Array, key: string, messageId: number): string {
  const hex = toHex(hmacSha256(secret, `task:replacement:${messageId}:${key}`)).slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${
    hex.slice(20, 32)
  }`;
}

/** Finishes a media participation (PUT interactions): the uploaded file of data_id becomes a message. */
export async function finishMediaParticipation(
  deps: SendDeps,
  origin: Origin & { data_id: string; update_interaction_id?: number | null },
  tokenUserId: number | null,
): Promise<SendOutcome> {
  checkDeviceId(deps.secret, origin.device_id);
  // sent again after a lost answer: the participation stored the first time, before its slot is spent
  const prior = await repeated(deps, origin);
  if (prior) return prior;
  const media = await getMedia(deps.sql, origin.data_id);
  if (!media) throw new AppError(404, "not_found");
  // a re-recording is checked against the participation it replaces before the file's state: sent again
  // after a lost answer, the participation holds this file already (and its job may have started)
  const replaced = origin.update_interaction_id
    ? await ownParticipation(deps.sql, origin.update_interaction_id, origin, tokenUserId)
    : null;
  if (replaced && replaced.media_id === media.id && origin.idempotency_key) {
    const taskId = deps.boss ? replacementTaskId(deps.secret, origin.idempotency_key, replaced.id) : null;
    return { id: replaced.id, taskId, shareToken: replaced.share_token };
  }
  if (media.status !== "uploaded") throw new AppError(409, "upload_not_ready");
  if (await mediaInUse(deps.sql, media.id)) {
    // the same request, sent twice at once, was stored by the other one in between
    const stored = await repeated(deps, origin);
    if (stored) return stored;
    throw new AppError(409, "conflict");
  }
  // a channel not approved yet (a self-registered trial) takes a bounded number of files (lib/channels/quota.ts)
  const target = await getSegment(deps.sql, origin.segment);
  if (target) await checkChannelQuota(deps.sql, Number(target.channel_id), "upload", media.size_bytes ?? 0);
  if (replaced) {
    await replaceMessageMedia(deps.sql, replaced.id, media.id);
    await setMediaChannel(deps.sql, media.id, replaced.channel_id);
    const priority = mediaJobPriority({
      // the message is of origin.segment (ownParticipation checks it): the interaction read for the quota
      deliveryOption: target?.delivery_option ?? null,
      deliveryTrigger: target?.delivery_trigger ?? null,
      moderation: replaced.moderation,
      markedForAir: false, // a mark for air made meanwhile raises it (enqueueMarkedDeliveries)
    });
    // keyed, the job's id is the one a repeat of this request answers (replacementTaskId)
    const id = origin.idempotency_key
      ? replacementTaskId(deps.secret, origin.idempotency_key, replaced.id)
      : undefined;
    const taskId = (await deps.boss?.send(QUEUES.media, { mediaId: media.id }, { priority, id })) ?? null;
    return { id: replaced.id, taskId, shareToken: replaced.share_token };
  }
  return await sendParticipation(deps, origin, {}, tokenUserId, { id: media.id, kind: media.kind });
}

async function resultOf(sql: Sql, message: MessageView) {
  const segment = await getSegment(sql, message.segment_id);
  const result: { id: number; results?: VoteResultRow[] } = { id: message.id };
  if (segment && resultsArePublic(segment, new Date()) && message.choice_ids?.length) {
    result.results = voteResults(await getVoteCounts(sql, message.segment_id)).rows;
  }
  return result;
}

/**
 * Vote results of a segment (counted votes only): public when show_results is on and, for a vote whose
 * results are hidden until it closes, once it has closed; always for the channel's staff.
 */
export async function segmentVoteResults(
  sql: Sql,
  segmentId: number,
  staff: StaffUser | null,
  now: Date = new Date(),
) {
  const segment = await getSegment(sql, segmentId);
  if (!segment) throw new AppError(404, "not_found");
  const isStaff = staff !== null && canAccessChannel(staff, Number(segment.channel_id));
  if (!resultsArePublic(segment, now) && !isStaff) throw new AppError(403, "forbidden");
  return voteResults(await getVoteCounts(sql, segmentId));
}

const resultsCaches = new WeakMap<object, ResultsCache>();

/** The app's cache of public results reads (lib/participations/results_cache.ts), one per app. */
export function publicResultsCache(deps: { sql: Sql; bus?: EventBus }): ResultsCache {
  let cache = resultsCaches.get(deps);
  if (!cache) {
    cache = resultsCache((id) => getResultsRead(deps.sql, id), busOf(deps), {
      keep: (read) => resultsArePublic(read, new Date()),
    });
    resultsCaches.set(deps, cache);
  }
  return cache;
}

/**
 * segmentVoteResults for the public read (GET show_segments/{id}/vote-results): the same answers, from
 * the app's results cache while the results are public, with the read they were made from.
 */
export async function cachedVoteResults(
  deps: { sql: Sql; bus?: EventBus },
  segmentId: number,
  staff: StaffUser | null,
  now: Date = new Date(),
) {
  const read = await publicResultsCache(deps).read(segmentId);
  if (!read) throw new AppError(404, "not_found");
  const isStaff = staff !== null && canAccessChannel(staff, read.channel_id);
  if (!resultsArePublic(read, now) && !isStaff) throw new AppError(403, "forbidden");
  return { ...voteResults(read.choices), read };
}

// A participation without media has no background work: its task id names the message, signed with
// the app secret (shared by every instance) so that nobody can walk the message ids through tasks/{id}.
const MESSAGE_TASK = /^m([1-9][0-9]{0,14})-([0-9a-f]{32})$/;

function taskSignature(secret: Uint8Array, messageId: number): string {
  return toHex(hmacSha256(secret, `task:message:${messageId}`)).slice(0, 32);
}

/** The task id answered for a participation without media (done at once; SUCCESS when polled). */
export function messageTaskId(secret: Uint8Array, messageId: number): string {
  return `m${messageId}-${taskSignature(secret, messageId)}`;
}

/**
 * Task status (§4 Task polling): a participation's signed task id is SUCCESS with its result read now;
 * a media task is the pg-boss job state.
 */
export async function taskStatus(
  deps: { sql: Sql; boss?: PgBoss; secret: Uint8Array; t: TFunction },
  id: string,
) {
  const t = deps.t;
  const message = MESSAGE_TASK.exec(id);
  if (message) {
    const messageId = Number(message[1]);
    if (!sameText(message[2], taskSignature(deps.secret, messageId))) {
      throw new AppError(404, "not_found");
    }
    const stored = await getMessage(deps.sql, messageId);
    if (!stored) throw new AppError(404, "not_found");
    return { task_id: id, status: "SUCCESS" as const, result: await resultOf(deps.sql, stored) };
  }
  const boss = deps.boss;
  if (!boss || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, "not_found");
  const job = await boss.getJobById(QUEUES.media, id);
  if (!job) throw new AppError(404, "not_found");
  const state = job.state;
  if (state === "completed") return { task_id: id, status: "SUCCESS" as const, result: job.output ?? null };
  if (state === "active") return { task_id: id, status: "STARTED" as const };
  if (state === "failed" || state === "cancelled") {
    // what went wrong for the listener, in their language; never the error itself (paths, ffmpeg's log)
    const code = mediaErrorOf(job.output);
    const reason = t(`errors.${code}`, { megapixels: IMAGE_MAX_PIXELS / 1e6 });
    return { task_id: id, status: "FAILURE" as const, reason, code };
  }
  return { task_id: id, status: "PENDING" as const };
}

/**
 * The public live results: the counted votes when results are public, else `hidden` (results
 * off, or hidden until the vote closes); an unknown interaction is a 404.
 */
export async function publicLiveResults(sql: Sql, segmentId: number, staff: StaffUser | null, now: Date) {
  try {
    const { rows, total } = await segmentVoteResults(sql, segmentId, staff, now);
    return { hidden: false, rows, total };
  } catch (e) {
    if (e instanceof AppError && e.status === 403) return { hidden: true, rows: [], total: 0 };
    throw e;
  }
}
