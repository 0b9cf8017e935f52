// Cloud transfer (back-office §2 Message detail "send to cloud transfer", §8 alerts, §9 delivery
// options): a message's audio goes to the channel's FTP/FTPS server, SFTP server or S3-compatible bucket
// (lib/delivery/transports.ts).
//
// What is sent: the message's broadcast copy (normalised, silence and in/out points trimmed, in the
// channel's format; media.broadcast_path), else its mp3 (media.delivery_mp3_path), else its original file, named by
// the channel's pattern (lib/rules/channels.ts placeholders {channel} {segment} {date} {time} {id} {type}
// {author}) plus the file's extension, into the channel's folder.
//
// Delivery option "netia" sends the same file plus an XML sidecar of the same name ending in .xml, for
// radio automation systems to import the message with its metadata:
//
//   <?xml version="1.0" encoding="UTF-8"?>
//   <message id="123">
//     <channel id="1">Radio Horizon</channel>
//     <segment id="4">Dédicaces du matin</segment>
//     <created_at>2026-11-22T08:15:00.000Z</created_at>
//     <author><name>Marie</name><city>Lyon</city></author>
//     <duration_seconds>42.5</duration_seconds>
//     <text>…</text>
//     <transcript>…</transcript>
//     <file>1_4_20261122_123.mp3</file>
//   </message>
//
// "ftpclassic" sends the audio file only. One transfer runs at a time per message (a unique index on
// deliveries); a second request while one runs is refused with 409 and changes nothing.
import type { Sql } from "postgres";
import { getChannel } from "../../db/channels.ts";
import { getMessage, type MessageRow } from "../../db/inbox.ts";
import { getSegment } from "../../db/segments.ts";
import * as deliveries from "../../db/deliveries.ts";
import { deliverySettingsOf, type UploadFile, uploadFiles } from "./transports.ts";
import { AppError } from "../rules/errors.ts";
import type { Storage } from "../media/storage.ts";

const slug = (text: string | null | undefined) =>
  (text ?? "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "").slice(0, 40);
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The remote file name of a message from the naming pattern (UTC date and time).
 * @example remoteName("{channel}_{segment}_{date}_{id}", { channel: 1, segment: 4, id: 9, type: "recording_question", author: "Marie", createdAt: new Date("2026-01-02T03:04:05Z") }, "mp3") // "1_4_20260102_9.mp3"
 */
export function remoteName(
  pattern: string,
  v: { channel: number; segment: number; id: number; type: string; author: string | null; createdAt: Date },
  extension: string,
): string {
  const d = v.createdAt;
  const values: Record<string, string> = {
    channel: String(v.channel),
    segment: String(v.segment),
    id: String(v.id),
    type: v.type,
    author: slug(v.author) || "anonymous",
    date: `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`,
  };
  const base = pattern.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "").replace(
    /[^\w\-.]+/g,
    "_",
  );
  return `${base || v.id}.${extension}`;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The netia XML sidecar of a message (format in the header comment). */
export function netiaXml(
  m: Pick<
    MessageRow,
    "id" | "created_at" | "author_name" | "author_city" | "duration_ms" | "text" | "transcript"
  >,
  channel: { id: number; label: string },
  segment: { id: number; title: string },
  file: string,
): string {
  const el = (name: string, value: string | null | undefined) =>
    `<${name}>${xmlEscape(value ?? "")}</${name}>`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<message id="${m.id}">`,
    `  <channel id="${channel.id}">${xmlEscape(channel.label)}</channel>`,
    `  <segment id="${segment.id}">${xmlEscape(segment.title)}</segment>`,
    `  ${el("created_at", new Date(m.created_at).toISOString())}`,
    `  <author>${el("name", m.author_name)}${el("city", m.author_city)}</author>`,
    `  ${el("duration_seconds", m.duration_ms === null ? "" : String(m.duration_ms / 1000))}`,
    `  ${el("text", m.text)}`,
    `  ${el("transcript", m.transcript)}`,
    `  ${el("file", file)}`,
    `</message>`,
    "",
  ].join("\n");
}

/** The result of a transfer: sent, or ignored because one is already running for the message. */
export type DeliveryResult = { status: "success"; remote_path: string } | { status: "running" };

/**
 * Sends a message's audio (and with netia its XML sidecar) to the channel's server. Throws
 * AppError 422 ftp_not_configured / delivery_no_media before anything is recorded, and
 * DeliveryFailed with the server's message when the transfer fails (recorded as failed).
 */
export async function deliverMessage(
  deps: { sql: Sql; storage: Storage; jwtSecret: Uint8Array },
  messageId: number,
  options: { sidecar?: boolean; rename?: (name: string) => string } = {},
): Promise<DeliveryResult> {
  const { sql, storage } = deps;
  const message = await getMessage(sql, messageId);
  if (!message) throw new AppError(404, "not_found");
  const channel = await getChannel(sql, message.channel_id);
  const settings = channel ? await deliverySettingsOf(channel, deps.jwtSecret) : null;
  if (!channel || !settings) throw new AppError(422, "ftp_not_configured");
  const key = message.broadcast_path ?? message.delivery_mp3_path ?? message.original_path;
  if (!key) throw new AppError(422, "delivery_no_media");
  const deliveryId = await deliveries.startDelivery(sql, channel.id, messageId);
  if (deliveryId === null) return { status: "running" };
  try {
    const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase() || "bin";
    const named = remoteName(settings.naming, {
      channel: channel.id,
      segment: message.segment_id,
      id: message.id,
      type: message.type,
      author: message.author_name,
      createdAt: new Date(message.created_at),
    }, extension);
    const name = options.rename ? options.rename(named) : named;
    const body = await storage.get(key);
    if (!body) throw new Error("the media file is missing from the store");
    const files: UploadFile[] = [{ name, body }];
    if (options.sidecar) {
      const segment = await getSegment(sql, message.segment_id);
      const xml = netiaXml(message, channel, { id: message.segment_id, title: segment?.title ?? "" }, name);
      files.push({ name: name.replace(/\.[^.]+$/, ".xml"), body: new TextEncoder().encode(xml) });
    }
    const [remote] = await uploadFiles(settings, files);
    await deliveries.finishDelivery(sql, deliveryId, "success", remote, null);
    return { status: "success", remote_path: remote };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await deliveries.finishDelivery(sql, deliveryId, "failed", null, text.slice(0, 1000));
    throw new DeliveryFailed(text);
  }
}

/** A transfer that failed on the way; its message is the server's (or the network's). */
export class DeliveryFailed extends Error {}

export { deliverySettingsOf, uploadFiles } from "./transports.ts";
export type { DeliverySettings, UploadFile } from "./transports.ts";
