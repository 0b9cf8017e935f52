// A line's media fetched from its provider, as a job with retries (a provider outage delays it, never
// loses it): a WhatsApp voice note, picture or video through the Graph API (media id → address → download
// with the access token), a voicemail from the Twilio-dialect recordings endpoint and an MMS's picture or
// video from its messages' media endpoint (basic auth with the account's credentials). The file is stored as
// an upload and goes through the media pipeline like a widget's.
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import * as db from "../../db/lines.ts";
import { getMedia, markUploaded } from "../../db/media_jobs.ts";
import { decryptSecret } from "../platform/crypto.ts";
import { QUEUES } from "../platform/jobs.ts";
import type { Storage } from "../media/storage.ts";
import {
  graphMediaUrlAllowed,
  LINE_MEDIA_FETCH_TIMEOUT_MS,
  LINE_MEDIA_MAX_BYTES,
  MESSAGE_SID,
  MMS_MEDIA_SID,
  RECORDING_SID,
  type TwilioCredentials,
  type WhatsappCredentials,
} from "../rules/lines.ts";

/** The job of one media to fetch. */
export interface LineMediaJob {
  mediaId: string;
  lineId: number;
  /** "twilio": a voicemail's recording; "twilio-mms": a picture or video an MMS carries */
  source: "whatsapp" | "twilio" | "twilio-mms";
  /** the WhatsApp media id, the recording's RE… id, or an MMS's "{message SID}/{ME… media SID}" */
  ref: string;
  extension: string;
  /** the content type the webhook announced (an MMS's), kept as the file's */
  contentType?: string;
}

export interface LineMediaDeps {
  sql: Sql;
  jwtSecret: Uint8Array;
  storage: Storage;
  config: { WHATSAPP_GRAPH_URL: string; TWILIO_API_URL: string };
  /** LINE_MEDIA_FETCH_TIMEOUT_MS unless a test gives a shorter one */
  fetchTimeoutMs?: number;
}

/** The body of a provider's answer, refused past LINE_MEDIA_MAX_BYTES. */
async function boundedBytes(response: Response): Promise<Uint8Array> {
  if (!response.ok || !response.body) throw new Error(`provider answered ${response.status}`);
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of response.body) {
    size += part.length;
    if (size > LINE_MEDIA_MAX_BYTES) throw new Error("media too large");
    parts.push(part);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
}

async function download(deps: LineMediaDeps, job: LineMediaJob, credentials: unknown) {
  // one deadline for every request of the fetch and the reading of the file's bytes
  const signal = AbortSignal.timeout(deps.fetchTimeoutMs ?? LINE_MEDIA_FETCH_TIMEOUT_MS);
  const fetch = (input: string | URL, init: RequestInit = {}) => globalThis.fetch(input, { ...init, signal });
  if (job.source === "whatsapp") {
    const { access_token } = credentials as WhatsappCredentials;
    const auth = { Authorization: `Bearer ${access_token}` };
    const base = deps.config.WHATSAPP_GRAPH_URL.replace(/\/$/, "");
    const meta = await fetch(`${base}/${encodeURIComponent(job.ref)}`, { headers: auth });
    if (!meta.ok) throw new Error(`graph media lookup answered ${meta.status}`);
    const { url, mime_type } = await meta.json() as { url?: string; mime_type?: string };
    if (!url || !graphMediaUrlAllowed(url, base)) throw new Error("graph media address refused");
    const bytes = await boundedBytes(await fetch(url, { headers: auth, redirect: "error" }));
    return { bytes, contentType: mime_type?.split(";")[0] || job.contentType || "audio/ogg" };
  }
  const { account_sid, auth_token } = credentials as TwilioCredentials;
  const base = deps.config.TWILIO_API_URL.replace(/\/$/, "");
  const auth = { Authorization: `Basic ${btoa(`${account_sid}:${auth_token}`)}` };
  if (job.source === "twilio-mms") {
    const [message, media] = job.ref.split("/");
    if (!MESSAGE_SID.test(message ?? "") || !MMS_MEDIA_SID.test(media ?? "")) {
      throw new Error("not an MMS media id");
    }
    const address = `${base}/2010-04-01/Accounts/${account_sid}/Messages/${message}/Media/${media}`;
    const first = await fetch(address, { headers: auth, redirect: "manual" });
    // the provider may answer with a short-lived address of its file store: fetched without the credentials,
    // https only (or the API's own origin), and no further redirect
    const location = first.status >= 300 && first.status < 400 ? first.headers.get("location") : null;
    let response = first;
    if (location) {
      await first.body?.cancel();
      const target = new URL(location, address);
      if (target.protocol !== "https:" && target.origin !== new URL(base).origin) {
        throw new Error("MMS media address refused");
      }
      response = await fetch(target, { redirect: "error" });
    }
    return {
      bytes: await boundedBytes(response),
      contentType: job.contentType ?? "application/octet-stream",
    };
  }
  if (!RECORDING_SID.test(job.ref)) throw new Error("not a recording id");
  const response = await fetch(`${base}/2010-04-01/Accounts/${account_sid}/Recordings/${job.ref}.wav`, {
    headers: auth,
    redirect: "error",
  });
  return { bytes: await boundedBytes(response), contentType: "audio/wav" };
}

/**
 * Fetches one media and hands it to the media pipeline. Throws on a provider error, so pg-boss retries
 * it; a media already fetched (a retry after the store) is only queued again.
 */
export async function fetchLineMedia(deps: LineMediaDeps, boss: PgBoss | undefined, job: LineMediaJob) {
  const media = await getMedia(deps.sql, job.mediaId);
  // its participation was removed meanwhile, or a retry after the pipeline took it
  if (!media || (media.status !== "uploading" && media.status !== "uploaded")) return;
  if (media.status === "uploading") {
    const line = await db.getLine(deps.sql, job.lineId);
    if (!line?.credentials_enc) throw new Error("line removed before its media was fetched");
    const credentials = JSON.parse(await decryptSecret(deps.jwtSecret, line.credentials_enc));
    const { bytes, contentType } = await download(deps, job, credentials);
    const path = `participations/${job.mediaId}.${job.extension}`;
    await deps.storage.put(path, bytes, contentType);
    await markUploaded(deps.sql, job.mediaId, {
      path,
      contentType,
      size: bytes.length,
      name: `${job.source}-${job.ref.replace("/", "-")}.${job.extension}`,
    });
  }
  await boss?.send(QUEUES.media, { mediaId: job.mediaId });
}

/** Registers the fetch jobs of the lines' media. */
export async function registerLineJobs(boss: PgBoss, deps: LineMediaDeps) {
  await boss.work<LineMediaJob>(QUEUES.lineMedia, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    await fetchLineMedia(deps, boss, job.data);
  });
}
