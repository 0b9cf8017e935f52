// Listeners' data rights (GDPR articles 15, 17 and 5(1)(e)): "download my data", "delete my
// account" (by the listener, or by an administrator on request), per-channel retention, consent records.
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import * as db from "../../db/data_rights.ts";
import { getAppUser } from "../../db/app_users.ts";
import { numbersOfAccount } from "../../db/phone_links.ts";
import { deleteHeldMessagesBefore } from "../../db/line_held.ts";
import { decryptSecret } from "../platform/crypto.ts";
import { AppError } from "../rules/errors.ts";
import { QUEUES } from "../platform/jobs.ts";
import { canAccessChannel, isSuperAdminMode, type StaffUser } from "../rules/permissions.ts";
import type { Storage } from "../media/storage.ts";
import { mediaKeyOf } from "../media/stored.ts";
import { mergedCustomisation } from "../rules/customisation.ts";
import { DATA_EXPORT_LINK_SECONDS, RETENTION_BATCH } from "../rules/constants.ts";
import {
  consentHash,
  consentTexts,
  erasureDate,
  exportSignature,
  isValidExportLink,
  retentionCutoff,
} from "../rules/data_rights.ts";
import { getMessage as getInboxMessage } from "../../db/inbox.ts";
import { endUserSessions } from "../platform/sessions.ts";

/** What these use cases need. */
export interface RightsDeps {
  sql: Sql;
  storage: Storage;
  jwtSecret: Uint8Array;
  boss?: PgBoss;
}

/** Removes stored files; a file already gone is not an error. */
async function removeFiles(storage: Storage, keys: (string | null | undefined)[]): Promise<void> {
  for (const key of new Set(keys.filter((k): k is string => !!k))) {
    await storage.delete(key).catch(() => {});
  }
}

const filesOf = (media: db.MediaFiles[]) =>
  media.flatMap((m) => [m.original_path, m.playable_path, m.poster_path, m.delivery_mp3_path]);

/** Empties participations (database, then their media files and generated copies). */
async function anonymise(deps: RightsDeps, ids: number[]): Promise<void> {
  await removeFiles(deps.storage, filesOf(await db.anonymiseMessages(deps.sql, ids)));
}

/** Deletes the app user's account and its files (avatar, exports); false when there was none. */
async function deleteAccount(deps: RightsDeps, appUserId: number): Promise<boolean> {
  const gone = await db.deleteAppUser(deps.sql, appUserId);
  await endUserSessions(deps.sql, "visitor", appUserId);
  await removeFiles(deps.storage, [mediaKeyOf(gone.avatarUrl), ...gone.exportKeys]);
  return gone.found;
}

/**
 * "Delete my account" (my space): every participation of the listener is emptied, the account, its
 * points, tokens and exports are deleted, and the erasure is logged. Its token then answers 401.
 */
export async function eraseOwnAccount(deps: RightsDeps, appUserId: number): Promise<{ messages: number }> {
  const user = await getAppUser(deps.sql, appUserId);
  if (!user) throw new AppError(401, "unauthorized");
  const ids = await db.messageIdsOfAuthor(deps.sql, appUserId, null);
  await anonymise(deps, ids);
  await deleteAccount(deps, appUserId);
  await db.insertErasureLog(deps.sql, {
    channelId: user.channel_id,
    staffUserId: null,
    appUserId,
    reason: "listener",
    messages: ids.length,
  });
  return { messages: ids.length };
}

/**
 * An administrator erases the author of a message on the listener's request (inbox message detail):
 * the author's participations in the administrator's channel (every channel in super admin mode) are
 * emptied; the account is deleted once no other station holds a participation of it. A listener
 * without an account is its device: that device's participations in the channel are emptied.
 */
export async function eraseAuthorOf(
  deps: RightsDeps,
  staff: StaffUser,
  messageId: number,
): Promise<{ messages: number; account_deleted: boolean }> {
  const message = await getInboxMessage(deps.sql, messageId);
  if (!message || !canAccessChannel(staff, message.channel_id)) throw new AppError(404, "not_found");
  const scope = isSuperAdminMode(staff) ? null : message.channel_id;
  const authorId = message.author_app_user_id;
  const deviceId = await db.deviceOfMessage(deps.sql, messageId);
  const ids = authorId !== null
    ? await db.messageIdsOfAuthor(deps.sql, authorId, scope)
    : deviceId !== null
    ? await db.messageIdsOfDevice(deps.sql, message.channel_id, deviceId)
    : [messageId];
  await anonymise(deps, ids);
  let accountDeleted = false;
  if (authorId !== null && (await db.messageIdsOfAuthor(deps.sql, authorId, null)).length === 0) {
    accountDeleted = await deleteAccount(deps, authorId);
  }
  await db.insertErasureLog(deps.sql, {
    channelId: message.channel_id,
    staffUserId: staff.id,
    appUserId: authorId,
    reason: "staff",
    messages: ids.length,
  });
  return { messages: ids.length, account_deleted: accountDeleted };
}

/**
 * The daily retention sweep: in each channel with a retention period, the participations older than it
 * are emptied (media files included), in batches; each channel's sweep is logged. Returns the count.
 */
export async function applyRetention(deps: RightsDeps, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (const channel of await db.channelsWithRetention(deps.sql)) {
    const cutoff = retentionCutoff(now, channel.retention_months);
    let erased = 0;
    for (;;) {
      const ids = await db.messageIdsBefore(deps.sql, channel.id, cutoff, RETENTION_BATCH);
      if (ids.length === 0) break;
      await anonymise(deps, ids);
      erased += ids.length;
    }
    // the messages a line held outside any interaction are erased by the same period, with their files
    const held = await deleteHeldMessagesBefore(deps.sql, channel.id, cutoff);
    await removeFiles(deps.storage, held.files);
    erased += held.count;
    if (erased > 0) {
      await db.insertErasureLog(deps.sql, {
        channelId: channel.id,
        staffUserId: null,
        appUserId: null,
        reason: "retention",
        messages: erased,
      });
    }
    total += erased;
  }
  return total;
}

/** Whether an inbox message was erased, and when its channel's retention will erase it (null: kept). */
export async function erasureInfo(
  sql: Sql,
  message: { id: number; created_at: Date },
): Promise<{ erased: boolean; erase_on: Date | null }> {
  const state = await db.erasureState(sql, message.id);
  return {
    erased: state.erased_at !== null,
    erase_on: erasureDate(new Date(message.created_at), state.retention_months, state.erased_at),
  };
}

/**
 * Keeps a copy and the hash of the consent texts shown to the listener with a participation that
 * gave a consent (visitor-widget §4 rgpdConsent). Nothing is stored when no consent was given.
 */
export async function recordConsents(
  sql: Sql,
  m: { messageId: number; channelId: number; segmentId: number; gdpr: boolean; imageRight: boolean },
  now: Date,
): Promise<void> {
  if (!m.gdpr && !m.imageRight) return;
  const sources = await db.consentSources(sql, m.segmentId);
  if (!sources) return;
  const texts = consentTexts({
    customisation: mergedCustomisation(sources.channel, sources.segment),
    legalNotice: sources.legal_notice,
    gdpr: m.gdpr,
    imageRight: m.imageRight,
  });
  await db.insertConsents(sql, {
    messageId: m.messageId,
    channelId: m.channelId,
    texts,
    sha256: consentHash(texts),
    acceptedAt: now,
  });
}

/** "Download my data": opens an export and queues its building (built at once without a worker). */
export async function requestExport(deps: RightsDeps, appUserId: number, now: Date) {
  if (!(await getAppUser(deps.sql, appUserId))) throw new AppError(401, "unauthorized");
  const row = await db.insertExport(deps.sql, appUserId);
  if (deps.boss) await deps.boss.send(QUEUES.dataExport, { exportId: row.id });
  else await buildExport(deps, row.id);
  return await exportStatus(deps, appUserId, row.id, now);
}

/** The state of the caller's export, with a download link valid for an hour once ready (404 for another's). */
export async function exportStatus(deps: RightsDeps, appUserId: number, id: string, now: Date) {
  const row = await db.getExport(deps.sql, id);
  if (!row || row.app_user_id !== appUserId) throw new AppError(404, "not_found");
  const base = { id: row.id, status: row.status, messages: row.messages, created_at: row.created_at };
  if (row.status !== "ready" || !row.ready_at) return { ...base, url: null, expires_at: null };
  const expires = Math.floor(row.ready_at.getTime() / 1000) + DATA_EXPORT_LINK_SECONDS;
  if (expires * 1000 <= now.getTime()) {
    return { ...base, status: "expired" as const, url: null, expires_at: null };
  }
  const signature = exportSignature(deps.jwtSecret, row.id, expires);
  return {
    ...base,
    url: `/api/v1/app_users/data/export/${row.id}/download?expires=${expires}&signature=${signature}`,
    expires_at: new Date(expires * 1000),
  };
}

/** The zip of a signed, unexpired link (404 otherwise: a guessed id or an altered link tells nothing). */
export async function openExport(
  deps: RightsDeps,
  link: { id: string; expires: number; signature: string },
  now: Date,
): Promise<ReadableStream<Uint8Array>> {
  if (!isValidExportLink(deps.jwtSecret, link, now)) throw new AppError(404, "not_found");
  const row = await db.getExport(deps.sql, link.id);
  const stream = row?.storage_key ? await deps.storage.get(row.storage_key) : null;
  if (!stream) throw new AppError(404, "not_found");
  return stream;
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));
const extension = (path: string) => path.includes(".") ? path.slice(path.lastIndexOf(".") + 1) : "bin";

/**
 * A zip written as a stream into the media store: media files are copied through chunk by chunk
 * (stored, not compressed again), so a listener's videos never sit in memory at once.
 */
function zipIntoStore(storage: Storage, key: string) {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let size = 0;
  let failure: unknown = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      size += chunk.byteLength;
      writer.write(chunk).catch((e) => failure ??= e);
      if (final) writer.close().catch((e) => failure ??= e);
    }
  });
  const stored = storage.put(key, readable, "application/zip");
  return {
    /** Adds a small generated file (deflated). */
    addBytes(name: string, bytes: Uint8Array) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(bytes, true);
    },
    /** Copies a stored file in; false when it is missing from the store. */
    async addStored(name: string, path: string): Promise<boolean> {
      const stream = await storage.get(path);
      if (!stream) return false;
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      for await (const chunk of stream) {
        entry.push(chunk);
        await writer.ready; // the store keeps up before the next chunk is read
      }
      entry.push(new Uint8Array(0), true);
      return true;
    },
    async finish(): Promise<number> {
      zip.end();
      await stored;
      if (failure) throw failure;
      return size;
    },
  };
}

/**
 * Builds an export (the worker's job): a zip holding profile.json, participations.json (each with its
 * replies and consents), points.json, the media files (media/) and the avatar, streamed into the media
 * store.
 */
export async function buildExport(deps: RightsDeps, id: string): Promise<void> {
  const row = await db.getExport(deps.sql, id);
  if (!row || row.status !== "pending") return;
  try {
    const user = await getAppUser(deps.sql, row.app_user_id);
    if (!user) return await db.markExportFailed(deps.sql, id);
    const { password_hash: _hash, ...profile } = user;
    const messages = await db.exportMessages(deps.sql, user.id);
    const replies = await db.exportReplies(deps.sql, messages.map((m) => m.id));
    const key = `exports/${user.id}/${id}-${crypto.randomUUID()}.zip`;
    const zip = zipIntoStore(deps.storage, key);
    const participations = [];
    for (const m of messages) {
      const { media_path, media_extension, ...rest } = m;
      const name = media_path ? `media/${m.id}.${media_extension ?? extension(media_path)}` : null;
      const file = name && media_path && await zip.addStored(name, media_path) ? name : null;
      const own = [];
      for (const r of replies.filter((r) => r.message_id === m.id)) {
        const replyName = r.media_path ? `media/reply-${r.id}.${extension(r.media_path)}` : null;
        const replyFile = replyName && r.media_path && await zip.addStored(replyName, r.media_path)
          ? replyName
          : null;
        own.push({ id: r.id, type: r.type, text: r.text, file: replyFile, created_at: r.created_at });
      }
      participations.push({ ...rest, file, replies: own });
    }
    // the listener's photo is theirs too: the original file, named in profile.json
    const avatarKey = mediaKeyOf(user.avatar_url);
    const avatarName = avatarKey ? `avatar.${extension(avatarKey)}` : null;
    const avatarFile = avatarName && avatarKey && await zip.addStored(avatarName, avatarKey)
      ? avatarName
      : null;
    // the numbers linked from my space are theirs too, in full (only the listener reads their export)
    const phoneNumbers = await Promise.all(
      (await numbersOfAccount(deps.sql, user.id)).map(async (n) => ({
        number: await decryptSecret(deps.jwtSecret, n.number_enc).catch(() => null),
        profile_name: n.profile_name,
        created_at: n.created_at,
      })),
    );
    zip.addBytes("profile.json", json({ ...profile, avatar_file: avatarFile, phone_numbers: phoneNumbers }));
    zip.addBytes("participations.json", json(participations));
    zip.addBytes("points.json", json(await db.exportPoints(deps.sql, user.id)));
    const size = await zip.finish();
    await db.markExportReady(deps.sql, id, { key, size, messages: messages.length });
  } catch (error) {
    await db.markExportFailed(deps.sql, id);
    throw error;
  }
}

/** Deletes the exports whose link has expired (hourly), with their files. */
export async function cleanupExports(deps: RightsDeps, now: Date = new Date()): Promise<number> {
  const keys = await db.deleteExportsBefore(
    deps.sql,
    new Date(now.getTime() - 2 * DATA_EXPORT_LINK_SECONDS * 1000),
  );
  await removeFiles(deps.storage, keys);
  return keys.length;
}
