// Resumable uploads (visitor-widget §7 Upload slot): a tus server (@tus/server) whose uploads are
// named by the data_id of a slot opened with POST upload and wait in the media storage (StorageStore:
// no local disk, any instance). A finished file is sniffed, joined into one media object and its slot
// marked uploaded; abandoned ones expire.
import type { Server } from "@tus/server";
import type { StorageStore } from "./tus_store.ts";
import type { AppDeps } from "../../app/env.ts";
import { deleteAbandonedSlots, getMedia, insertUploadSlot, markUploaded } from "../../db/media_jobs.ts";
import type { Sql } from "postgres";
import { UPLOAD_EXPIRY_MS, UPLOAD_MAX_BYTES } from "../rules/constants.ts";
import { type FileKind, sniffMedia } from "../rules/files.ts";

/** Where the tus server is mounted. */
export const TUS_PATH = "/api/v1/files";

const servers = new WeakMap<AppDeps, { server: Server; store: StorageStore }>();

const refuse = (status_code: number, body: string) => ({ status_code, body: `${body}\n` });

// Statuses that end an upload for good: too large, content not of its type.
const REJECTED = new Set([413, 415]);

/** True when sniffed content fits the kind the slot was opened for (recorder audio may sit in webm/mp4). */
export function contentFits(kind: FileKind, sniffed: { kind: FileKind; extension: string } | null): boolean {
  if (!sniffed) return false;
  if (kind === "audio") return sniffed.kind === "audio" || ["webm", "mp4", "mkv"].includes(sniffed.extension);
  return sniffed.kind === kind;
}

/** The largest upload a slot takes, whatever its kind (OPTIONS' Tus-Max-Size). */
export const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_MAX_BYTES));

// deno-lint-ignore no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * True when every metadata value is text a database and a file name can hold: a NUL or another control
 * character is refused at creation (400), before anything is stored.
 */
export function metadataIsText(metadata: Record<string, string | null> | undefined): boolean {
  return Object.values(metadata ?? {}).every((value) => value === null || !CONTROL.test(value));
}

/** The first bytes of a finished upload (enough to sniff its type). */
async function head(store: StorageStore, id: string): Promise<Uint8Array> {
  const reader = (await store.read(id)).getReader();
  const buf = new Uint8Array(64);
  let n = 0;
  try {
    while (n < buf.length) {
      const { value, done } = await reader.read();
      if (done) break;
      const take = value.subarray(0, buf.length - n);
      buf.set(take, n);
      n += take.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return buf.subarray(0, n);
}

/**
 * The tus server of these dependencies (one per app; the parts wait in the media storage under tus/). The
 * tus library is loaded by the first upload, not by every start of the server.
 */
export async function tusFor(deps: AppDeps): Promise<{ server: Server; store: StorageStore }> {
  const existing = servers.get(deps);
  if (existing) return existing;
  const [{ Server }, { StorageStore }] = await Promise.all([import("@tus/server"), import("./tus_store.ts")]);
  const loaded = servers.get(deps); // another request loaded it meanwhile
  if (loaded) return loaded;
  // a slot whose file was taken over (uploaded, then processed) is a complete upload for HEAD
  const store = new StorageStore(deps.storage, UPLOAD_EXPIRY_MS, async (id) => {
    const media = await getMedia(deps.sql, id);
    return media && media.status !== "uploading" && media.size_bytes !== null ? media.size_bytes : null;
  });
  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    // the upload is named by its slot: only an open slot may receive a file, once
    namingFunction: async (_req, metadata) => {
      if (!metadataIsText(metadata)) throw refuse(400, "invalid metadata");
      const id = metadata?.data_id ?? "";
      const media = await getMedia(deps.sql, id);
      if (!media || media.status !== "uploading") throw refuse(404, "upload slot not found");
      const taken = await store.getUpload(id).then(() => true, () => false);
      if (taken) throw refuse(409, "upload already started");
      return id;
    },
    // without an upload (OPTIONS, a creation before its slot is read): the largest slot there is
    maxSize: async (_req, id) => {
      const media = id ? await getMedia(deps.sql, id) : null;
      return media ? UPLOAD_MAX_BYTES[media.kind] : LARGEST_UPLOAD;
    },
    onUploadFinish: async (_req, upload) => {
      const media = await getMedia(deps.sql, upload.id);
      const sniffed = sniffMedia(await head(store, upload.id));
      if (!media || !contentFits(media.kind, sniffed)) {
        await store.remove(upload.id).catch(() => {});
        throw refuse(415, "file content does not match its type");
      }
      const ext = media.kind === "audio" && sniffed!.kind === "video"
        ? sniffed!.extension
        : sniffed!.extension;
      const key = `participations/${upload.id}.${ext}`;
      const contentType = media.kind === "audio" && sniffed!.kind === "video"
        ? sniffed!.mime.replace("video/", "audio/")
        : sniffed!.mime;
      await deps.storage.put(key, await store.read(upload.id), contentType);
      await markUploaded(deps.sql, upload.id, {
        path: key,
        contentType,
        size: upload.offset,
        name: upload.metadata?.filename ?? `recording.${ext}`,
      });
      await store.remove(upload.id).catch(() => {});
      return {};
    },
    // A refused upload (too large, wrong content) loses its partial file at once, not at expiry.
    onResponseError: async (req, error) => {
      const status = (error as { status_code?: number }).status_code ?? 0;
      if (!REJECTED.has(status) || !["PATCH", "POST"].includes(req.method)) return undefined;
      const id = decodeURIComponent(new URL(req.url).pathname.split("/").pop() ?? "");
      if (id && id !== "files") await store.remove(id).catch(() => {});
      return undefined;
    },
  });
  const entry = { server, store };
  servers.set(deps, entry);
  return entry;
}

/** Deletes expired partial uploads and the slots never finished in time; returns how many slots went. */
export async function cleanupUploads(deps: AppDeps, now = new Date()): Promise<number> {
  const { store } = await tusFor(deps);
  await store.deleteExpired().catch(() => 0);
  const ids = await deleteAbandonedSlots(deps.sql, new Date(now.getTime() - UPLOAD_EXPIRY_MS));
  for (const id of ids) await store.remove(id).catch(() => {});
  return ids.length;
}

/** Reserves an upload slot for a visitor's file of `kind`; returns the data id its tus upload names. */
export async function openUploadSlot(sql: Sql, kind: string, extension: string): Promise<string> {
  return await insertUploadSlot(sql, { channelId: null, kind, extension: extension.toLowerCase() });
}
