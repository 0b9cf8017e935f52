// Uploaded images and videos kept in the media store, each with a row in `media`, and referenced by
// `/media/{key}` URLs (channel logos and backgrounds, segment backgrounds, avatars, help media).
import type { Sql } from "postgres";
import { deleteMediaByPath, insertReadyMedia } from "../../db/media.ts";
import { deleteUnusedUploads } from "../../db/media_jobs.ts";
import { UNUSED_UPLOAD_MS } from "../rules/constants.ts";
import type { Sniffed } from "../rules/files.ts";
import type { Storage } from "./storage.ts";

/** A checked upload (lib/media/upload.ts checkUpload). */
export interface CheckedUpload {
  bytes: Uint8Array;
  type: Sniffed;
  name: string;
}

/** The storage key behind a /media/ URL, or null for stock images and foreign URLs. */
export const mediaKeyOf = (url: string | null | undefined) =>
  url?.startsWith("/media/") ? url.slice("/media/".length) : null;

/**
 * Stores a checked upload as `{folder}/{name}-{uuid}.{ext}` with its media row; returns its /media/ URL.
 * @example await storeUpload(sql, storage, upload, { folder: "users/3", name: "avatar", channelId: 1 })
 */
export async function storeUpload(
  sql: Sql,
  storage: Storage,
  upload: CheckedUpload,
  where: { folder: string; name: string; channelId: number | null },
): Promise<string> {
  const key = `${where.folder}/${where.name}-${crypto.randomUUID()}.${upload.type.extension}`;
  await storage.put(key, upload.bytes, upload.type.mime);
  await insertReadyMedia(sql, {
    channelId: where.channelId,
    kind: upload.type.mime.startsWith("video/") ? "video" : "image",
    path: key,
    name: upload.name,
    extension: upload.type.extension,
    contentType: upload.type.mime,
    size: upload.bytes.length,
  });
  return `/media/${key}`;
}

/** Deletes the file behind a /media/ URL and its media row; stock images and foreign URLs are left. */
export async function forgetMedia(sql: Sql, storage: Storage, url: string | null | undefined): Promise<void> {
  const key = mediaKeyOf(url);
  if (!key) return;
  await storage.delete(key).catch(() => {});
  // its AVIF and WebP copies, when the worker wrote them (lib/media/image_variants.ts)
  for (const ext of ["avif", "webp"]) await storage.delete(`${key}.${ext}`).catch(() => {});
  await deleteMediaByPath(sql, key);
}

/**
 * Deletes the listeners' uploads no participation took within UNUSED_UPLOAD_MS (their rows, then their
 * files): a file is public under the station's domain as soon as it is uploaded, so one never sent is not
 * kept. Returns how many went. The worker runs it hourly.
 */
export async function forgetUnusedUploads(sql: Sql, storage: Storage, now = new Date()): Promise<number> {
  const keys = await deleteUnusedUploads(sql, new Date(now.getTime() - UNUSED_UPLOAD_MS));
  for (const key of keys) await storage.delete(key).catch(() => {});
  return keys.length;
}
