/// <reference lib="dom" />
// Browser side of visitor-widget §7: send a participation and poll its task, or upload a file by
// tus (tus-js-client, loaded only when a file is sent) and finish the media participation; a file's
// message is kept in the browser until the server has it (outbox.ts).
import { api, type ApiResult, visitorSession } from "./http.ts";
import { isDeviceIdShape, STORAGE_KEYS, uploadPercent } from "../../lib/rules/widget.ts";
import { SEND_RETRY_DELAYS_MS } from "../../lib/rules/constants.ts";
import { forgetOutgoing, keepOutgoing, type Outgoing } from "./outbox.ts";
import type { VoteResultRow } from "../../lib/rules/votes.ts";

/** Where the participation comes from (body of POST interactions, query of PUT interactions). */
export interface SendOrigin {
  segment: number;
  channel_id: number;
  show_id: string | null;
  program_id: string | null;
  site_ref: string | null;
  /** Filled in when sending: the server-issued id (signedDeviceId). */
  device_id?: string;
  /** A high-stakes vote: a proof of work is solved before sending (not sent as such). */
  high_stakes?: boolean;
  extra_user_information: Record<string, string>;
  consent_gdpr: boolean;
  consent_image_right: boolean;
}

export type SendResult =
  | { ok: true; alreadyReceived: boolean; id?: number; shareToken?: string; results?: VoteResultRow[] }
  | { ok: false; message: string | null; status?: number };

/** The per-device id kept in local storage (§3), or a random one until the server issued one. */
export function deviceId(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.device) ?? crypto.randomUUID();
  } catch {
    return crypto.randomUUID();
  }
}

let issued: Promise<string> | null = null;

/**
 * The device id that votes carry: issued and signed by the server (POST devices) the first time, then
 * kept in local storage. `renew` forgets the stored one (the server refused it).
 */
export function signedDeviceId(renew = false): Promise<string> {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.device);
    if (!renew && stored && isDeviceIdShape(stored)) return Promise.resolve(stored);
  } catch {
    // local storage failures are ignored (§8): a new id per page
  }
  if (renew) issued = null;
  issued ??= api<{ device_id: string }>("POST", "/api/v1/devices").then((res) => {
    if (!res.ok) {
      issued = null;
      return "";
    }
    try {
      localStorage.setItem(STORAGE_KEYS.device, res.data.device_id);
    } catch {
      // kept in memory only
    }
    return res.data.device_id;
  });
  return issued;
}

/** The current app user (id and bearer token): the stored one, or an anonymous one kept in memory. */
export function storedAppUser(): { id: number; token: string } | null {
  const user = visitorSession();
  return user ? { id: user.id, token: user.access_token } : null;
}

const authHeaders = (): Record<string, string> => {
  const user = storedAppUser();
  return user ? { authorization: `Bearer ${user.token}` } : {};
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET tasks/{id} every `pollMs` until SUCCESS or FAILURE (§4 Task polling). */
export async function pollTask(
  taskId: string,
  pollMs: number,
): Promise<{ status: string; result?: unknown }> {
  for (;;) {
    const res = await api<{ status: string; result?: unknown }>("GET", `/api/v1/tasks/${taskId}`);
    if (res.ok && (res.data.status === "SUCCESS" || res.data.status === "FAILURE")) {
      if (res.data.status === "FAILURE") console.error("task failed", taskId);
      return res.data;
    }
    if (!res.ok && res.status !== 0) return { status: "FAILURE" };
    await sleep(pollMs);
  }
}

/** POST interactions, then polls the task; returns already received, or the message id and results. */
export async function sendContent(
  origin: SendOrigin,
  content: { choice_ids?: number[]; text?: string },
  onlyUserData: boolean,
  pollMs: number,
): Promise<SendResult> {
  const user = storedAppUser();
  const { high_stakes, ...fields } = origin;
  // a high-stakes vote proves its work first; the solver is loaded only for such votes
  const altcha = high_stakes && content.choice_ids?.length
    ? await (await import("./proof_of_work.ts")).solveProof(origin.segment)
    : null;
  const post = async (renew: boolean) =>
    await api<
      {
        task_id?: string | null;
        id?: number;
        share_token?: string;
        alreadyReceived?: boolean;
        message?: string;
        code?: string;
      }
    >(
      "POST",
      "/api/v1/interactions",
      {
        ...fields,
        ...(altcha ? { altcha } : {}),
        device_id: (await signedDeviceId(renew)) || null,
        author_app_user_id: user?.id ?? null,
        only_user_data: onlyUserData,
        content,
      },
      authHeaders(),
    );
  let res = await post(false);
  // a stored id the server no longer recognises (its secret changed): a new one, once
  if (!res.ok && res.data?.code === "invalid_device") res = await post(true);
  if (!res.ok) return { ok: false, message: res.data?.message ?? null, status: res.status };
  if (res.data.alreadyReceived) return { ok: true, alreadyReceived: true };
  const shareToken = res.data.share_token;
  if (!res.data.task_id) return { ok: true, alreadyReceived: false, id: res.data.id, shareToken };
  const task = await pollTask(res.data.task_id, pollMs);
  const result = task.result as { id?: number; results?: VoteResultRow[] } | undefined;
  return {
    ok: true,
    alreadyReceived: false,
    id: result?.id ?? res.data.id,
    shareToken,
    results: result?.results,
  };
}

/** How a file's sending reports and is stopped: waiting for the network, a discard, a saved message. */
export interface FileSending {
  /** True while the network is gone (the message is saved and waits), false once bytes flow again. */
  onWaiting?: (waiting: boolean) => void;
  /** The listener discarded the message: the sending stops and the saved copy goes. */
  signal?: AbortSignal;
  /** A message saved earlier (a reopened widget finishes sending it). */
  saved?: Outgoing;
}

const DISCARDED = "discarded";

/** Waits `ms`, or less when the browser is back online; throws DISCARDED when the listener discards. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener("online", done);
      signal?.removeEventListener("abort", discard);
      resolve();
    };
    const discard = () => {
      done();
      reject(new Error(DISCARDED));
    };
    const timer = setTimeout(done, ms);
    addEventListener("online", done);
    signal?.addEventListener("abort", discard);
    if (signal?.aborted) discard();
  });
}

const delayOf = (attempt: number) => SEND_RETRY_DELAYS_MS[Math.min(attempt, SEND_RETRY_DELAYS_MS.length - 1)];

/** Calls until the server answers (network failures, 5xx and 429 are tried again, on and on). */
async function persist<T>(
  call: () => Promise<ApiResult<T>>,
  waiting: (on: boolean) => void,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  for (let attempt = 0;; attempt++) {
    const res = await call();
    if (res.status !== 0 && res.status < 500 && res.status !== 429) {
      waiting(false);
      return res;
    }
    if (res.status === 0) waiting(true);
    await pause(Math.max(delayOf(attempt), (res.retryAfter ?? 0) * 1000), signal);
  }
}

type FileKind = "audio" | "video" | "image";
type Slot = { data_id: string; url: string };

/** The upload slot opened while the listener records (one request, null when it failed), not yet used. */
let prepared: { kind: FileKind; extension: string; slot: Promise<Slot | null> } | null = null;

const openSlot = (kind: FileKind, extension: string) =>
  api<Slot & { message?: string }>("POST", "/api/v1/upload", {
    extension,
    kind: kind === "image" ? undefined : kind,
  });

/**
 * Gets a file's sending ready while the listener records it, so that Send costs only the upload and the
 * final request on a phone network (each request there is a round trip of about 400 ms): the device id,
 * the upload slot and the tus client are fetched now. Recording again reuses the same slot.
 */
export function prepareFile(kind: FileKind, extension: string): void {
  if (prepared && prepared.kind === kind && prepared.extension === extension) return;
  void signedDeviceId();
  void import("tus-js-client").catch(() => {});
  prepared = {
    kind,
    extension,
    slot: openSlot(kind, extension).then((res) =>
      res.ok ? { data_id: res.data.data_id, url: res.data.url } : null
    )
      .catch(() => null),
  };
}

/** The slot prepared for this file, used once; null when none was (or it could not be opened). */
function takePrepared(kind: FileKind, extension: string): Promise<Slot | null> {
  const ready = prepared;
  if (!ready || ready.kind !== kind || ready.extension !== extension) return Promise.resolve(null);
  prepared = null;
  return ready.slot;
}

/**
 * Sends a file, losing nothing until the server has it (visitor-widget §7): the message is saved in the
 * browser (outbox.ts) at Send, then an upload slot (opened while recording when prepareFile was called),
 * the tus upload (its first bytes in the creation request; resumed from the offset the server
 * kept, after a drop of any length or a reload: its URL is kept under the message's key), and PUT
 * interactions with the Extra-User-Information header and the message's Idempotency-Key, sent again until
 * answered. Progress goes up to 80, 85 once uploaded. A refusal of the server ends it (and forgets it).
 */
export async function sendFile(
  origin: SendOrigin,
  file: { blob: Blob; extension: string; kind: "audio" | "video" | "image"; name: string },
  onProgress: (percent: number) => void,
  updateId?: number | null,
  sending: FileSending = {},
): Promise<SendResult & { discarded?: boolean }> {
  const waiting = sending.onWaiting ?? (() => {});
  const { signal } = sending;
  const message: Outgoing = sending.saved ?? {
    key: crypto.randomUUID(),
    segment: origin.segment,
    origin: { ...origin, device_id: await signedDeviceId() },
    file,
    updateId: updateId ?? null,
    slot: await takePrepared(file.kind, file.extension),
    savedAt: Date.now(),
  };
  await keepOutgoing(message);
  const refused = async (data: { message?: string } | null, status?: number) => {
    await forgetOutgoing(message);
    return { ok: false as const, message: data?.message ?? null, status };
  };
  try {
    for (let slotTries = 0; slotTries < 2; slotTries++) {
      if (!message.slot) {
        const slot = await persist(
          () => openSlot(message.file.kind, message.file.extension),
          waiting,
          signal,
        );
        if (!slot.ok) return await refused(slot.data, slot.status);
        message.slot = { data_id: slot.data.data_id, url: slot.data.url };
        await keepOutgoing(message);
      }
      const status = await upload(message, onProgress, waiting, signal);
      if (status === "done") break;
      // the slot is gone (expired while the phone was away): a new one, once
      if (status === "gone" && slotTries === 0) {
        message.slot = null;
        continue;
      }
      return await refused(null);
    }
    onProgress(85);
    const res = await persist(() => finish(message), waiting, signal);
    if (!res.ok) return await refused(res.data, res.status);
    await forgetOutgoing(message);
    onProgress(100);
    return {
      ok: true,
      alreadyReceived: res.data.alreadyReceived === true,
      id: res.data.id,
      shareToken: res.data.share_token,
    };
  } catch (error) {
    if ((error as Error).message !== DISCARDED) throw error;
    await forgetOutgoing(message);
    return { ok: false, message: null, discarded: true };
  }
}

/**
 * The address of a slot's upload: the server names it by the slot's data_id (lib/media/tus.ts), so a client
 * whose creation answer was lost knows where its bytes went without that answer.
 */
export function slotUploadUrl(slot: Slot): string {
  return new URL(encodeURIComponent(slot.data_id), slot.url.endsWith("/") ? slot.url : `${slot.url}/`).href;
}

/**
 * The tus upload of a saved message: "done", "gone" (the slot no longer takes it) or "refused". The file
 * goes in the creation request itself (tus creation-with-upload: one round trip less than a creation then a
 * PATCH). Network failures are retried on and on (tus-js-client's delays, then SEND_RETRY_DELAYS_MS's
 * last), and at once when the browser says it is online again. A creation answered 409 (the one before it
 * reached the server, its answer did not come back) resumes at the slot's upload from the offset kept.
 */
async function upload(
  message: Outgoing,
  onProgress: (percent: number) => void,
  waiting: (on: boolean) => void,
  signal?: AbortSignal,
): Promise<"done" | "gone" | "refused"> {
  const tus = await import("tus-js-client");
  const slot = message.slot!;
  let created = false;
  for (;;) {
    const outcome = await new Promise<"done" | "gone" | "refused" | "again" | "created">(
      (resolve, reject) => {
        const transfer = new tus.Upload(message.file.blob, {
          endpoint: slot.url,
          uploadUrl: created ? slotUploadUrl(slot) : null,
          uploadDataDuringCreation: true,
          metadata: { data_id: slot.data_id, filename: message.file.name, filetype: message.file.blob.type },
          // the upload's URL is kept under the message's key: a reloaded page resumes it
          fingerprint: () => Promise.resolve(`interaction-manager.upload.${message.key}`),
          storeFingerprintForResuming: true,
          removeFingerprintOnSuccess: true,
          retryDelays: SEND_RETRY_DELAYS_MS,
          onShouldRetry: (error) => {
            const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse
              ?.getStatus() ?? 0;
            if (status === 0) waiting(true);
            return status === 0 || status >= 500 || status === 423 || status === 429;
          },
          onProgress: (sent, total) => {
            waiting(false);
            onProgress(uploadPercent(sent, total));
          },
          onSuccess: () => finish("done"),
          onError: (error) => {
            const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse
              ?.getStatus() ?? 0;
            finish(
              status === 0 || status >= 500
                ? "again"
                // 409: a creation's answer was lost and the upload exists already (once: then it is resumed)
                : status === 409 && !created
                ? "created"
                // 404/410: the slot expired
                : [404, 409, 410].includes(status)
                ? "gone"
                : "refused",
            );
          },
        });
        // back online: the wait before the next attempt is cut short
        const online = () => transfer.abort().then(() => transfer.start());
        const discard = () => {
          transfer.abort();
          cleanup();
          reject(new Error(DISCARDED));
        };
        const cleanup = () => {
          removeEventListener("online", online);
          signal?.removeEventListener("abort", discard);
        };
        const finish = (outcome: "done" | "gone" | "refused" | "again" | "created") => {
          cleanup();
          resolve(outcome);
        };
        addEventListener("online", online);
        signal?.addEventListener("abort", discard);
        transfer.findPreviousUploads().then((previous) => {
          if (previous.length) transfer.resumeFromPreviousUpload(previous[0]);
          transfer.start();
        });
      },
    );
    if (outcome === "created") {
      created = true;
      continue;
    }
    if (outcome !== "again") return outcome;
    waiting(true);
    await pause(delayOf(Infinity), signal);
  }
}

/** PUT interactions of a saved message, with its Idempotency-Key: sent again, it answers the same. */
function finish(message: Outgoing) {
  const user = storedAppUser();
  const query = new URLSearchParams();
  const { extra_user_information, high_stakes: _, ...rest } = message.origin;
  for (const [key, value] of Object.entries(rest)) {
    if (value !== null && value !== undefined) query.set(key, String(value));
  }
  query.set("data_id", message.slot!.data_id);
  query.set("extension", message.file.extension);
  query.set("language", document.documentElement.lang || "fr");
  if (user) query.set("author_app_user_id", String(user.id));
  if (message.updateId) query.set("update_interaction_id", String(message.updateId));
  return api<{ id?: number; share_token?: string; alreadyReceived?: boolean; message?: string }>(
    "PUT",
    `/api/v1/interactions?${query}`,
    undefined,
    {
      ...authHeaders(),
      "idempotency-key": message.key,
      "content-disposition": `attachment; filename="${message.file.name}"`,
      "content-type": message.file.blob.type || "application/octet-stream",
      "extra-user-information": JSON.stringify(extra_user_information),
    },
  );
}

/** The author shares their participation: answers the link of the shared view, or null. */
export async function shareParticipation(shareToken: string): Promise<string | null> {
  const res = await api<{ url: string }>("POST", `/api/v1/interactions/${shareToken}/share`);
  return res.ok ? res.data.url : null;
}

/** Vote results of a segment (public call), or null. */
export async function fetchResults(segmentId: number): Promise<VoteResultRow[] | null> {
  const res = await api<VoteResultRow[]>("GET", `/api/v1/show_segments/${segmentId}/vote-results`);
  return res.ok ? res.data : null;
}
