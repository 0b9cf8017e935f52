/// <reference lib="dom" />
// Browser side of visitor-widget §7: send a participation and poll its task, or upload a file by
// tus (tus-js-client, loaded only when a file is sent) and finish the media participation.
import { api, visitorSession } from "./http.ts";
import { isDeviceIdShape, STORAGE_KEYS, uploadPercent } from "../../lib/rules/widget.ts";
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

/**
 * Sends a file: an upload slot, the tus upload (progress up to 80, 85 once stored), then PUT
 * interactions with the Extra-User-Information header.
 */
export async function sendFile(
  origin: SendOrigin,
  file: { blob: Blob; extension: string; kind: "audio" | "video" | "image"; name: string },
  onProgress: (percent: number) => void,
  updateId?: number | null,
): Promise<SendResult> {
  const slot = await api<{ data_id: string; url: string; message?: string }>("POST", "/api/v1/upload", {
    extension: file.extension,
    kind: file.kind === "image" ? undefined : file.kind,
  });
  if (!slot.ok) return { ok: false, message: slot.data?.message ?? null, status: slot.status };
  const tus = await import("tus-js-client");
  try {
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(file.blob, {
        endpoint: slot.data.url,
        metadata: { data_id: slot.data.data_id, filename: file.name, filetype: file.blob.type },
        retryDelays: [0, 1000, 3000],
        storeFingerprintForResuming: false,
        onProgress: (sent, total) => onProgress(uploadPercent(sent, total)),
        onSuccess: () => resolve(),
        onError: (error) => reject(error),
      });
      upload.start();
    });
  } catch (error) {
    console.error("Error uploading video", error);
    return { ok: false, message: null };
  }
  onProgress(85);
  const user = storedAppUser();
  const query = new URLSearchParams();
  const { extra_user_information, high_stakes: _, ...rest } = {
    ...origin,
    device_id: await signedDeviceId(),
  };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== null && value !== undefined) query.set(key, String(value));
  }
  query.set("data_id", slot.data.data_id);
  query.set("extension", file.extension);
  query.set("language", document.documentElement.lang || "fr");
  if (user) query.set("author_app_user_id", String(user.id));
  if (updateId) query.set("update_interaction_id", String(updateId));
  const res = await api<{ id?: number; share_token?: string; alreadyReceived?: boolean; message?: string }>(
    "PUT",
    `/api/v1/interactions?${query}`,
    undefined,
    {
      ...authHeaders(),
      "content-disposition": `attachment; filename="${file.name}"`,
      "content-type": file.blob.type || "application/octet-stream",
      "extra-user-information": JSON.stringify(extra_user_information),
    },
  );
  if (!res.ok) return { ok: false, message: res.data?.message ?? null, status: res.status };
  onProgress(100);
  return {
    ok: true,
    alreadyReceived: res.data.alreadyReceived === true,
    id: res.data.id,
    shareToken: res.data.share_token,
  };
}

/** The author shares their participation (issue 18): answers the link of the shared view, or null. */
export async function shareParticipation(shareToken: string): Promise<string | null> {
  const res = await api<{ url: string }>("POST", `/api/v1/interactions/${shareToken}/share`);
  return res.ok ? res.data.url : null;
}

/** Vote results of a segment (public call), or null. */
export async function fetchResults(segmentId: number): Promise<VoteResultRow[] | null> {
  const res = await api<VoteResultRow[]>("GET", `/api/v1/show_segments/${segmentId}/vote-results`);
  return res.ok ? res.data : null;
}
