// Channel use cases for the API and pages: who may read or change which channel, the save rules of
// back-office §4/§5 (images apart from the body, parent only for super administrators).
import type { Sql } from "postgres";
import type { ChannelFields } from "../rules/channel_schema.ts";
import {
  type ChannelRow,
  monetisation,
  monetisationSince,
  newChannelDefaults,
  parentCreatesCycle,
  stockBackgroundNumber,
  stockBackgroundUrl,
} from "../rules/channels.ts";
import { encryptSecret } from "../platform/crypto.ts";
import { AppError } from "../rules/errors.ts";
import {
  canAccessChannel,
  isSuperAdministrator,
  requireAccess,
  type StaffUser,
} from "../rules/permissions.ts";
import type { Storage } from "../media/storage.ts";
import { checkUpload } from "../media/upload.ts";
import * as channels from "../../db/channels.ts";
import { forgetMedia, storeUpload } from "../media/stored.ts";

/** The channel if the user may see it; another channel's is a 404, never visible. */
export async function channelFor(sql: Sql, user: StaffUser, id: number): Promise<ChannelRow> {
  if (!canAccessChannel(user, id)) throw new AppError(404, "not_found");
  const channel = await channels.getChannel(sql, id);
  if (!channel) throw new AppError(404, "not_found");
  return channel;
}

/** The channel the user may change: its own (channel-settings) or any for a super administrator. */
export async function editableChannelFor(sql: Sql, user: StaffUser, id: number): Promise<ChannelRow> {
  const channel = await channelFor(sql, user, id);
  requireAccess(user, "channel-settings");
  return channel;
}

async function checkParent(sql: Sql, user: StaffUser, channelId: number | null, parentId: number | null) {
  if (!isSuperAdministrator(user)) throw new AppError(403, "channel_parent_forbidden");
  if (parentId === null) return;
  const options = await channels.listChannelOptions(sql);
  if (!options.some((o) => o.id === parentId)) throw new AppError(422, "channel_parent_not_found");
  const parents = new Map(options.map((o) => [o.id, o.parent_id]));
  if (parentId === channelId || parentCreatesCycle(channelId, parentId, parents)) {
    throw new AppError(422, "channel_parent_cycle");
  }
}

/** Column values for the fields sent: the stock background, the encrypted FTP password, JSON. */
async function columnsOf(
  sql: Sql,
  secret: Uint8Array,
  fields: ChannelFields,
): Promise<channels.ChannelColumns> {
  const { background, ftp_password, sftp_private_key, segment_customisation, ...rest } = fields;
  const columns: channels.ChannelColumns = { ...rest };
  if (background !== undefined) {
    const n = stockBackgroundNumber(background)!;
    columns.background_preset = n;
    columns.background_url = stockBackgroundUrl(n);
  }
  if (ftp_password !== undefined) {
    columns.ftp_password_enc = ftp_password ? await encryptSecret(secret, ftp_password) : null;
  }
  if (sftp_private_key !== undefined) {
    columns.sftp_private_key_enc = sftp_private_key ? await encryptSecret(secret, sftp_private_key) : null;
  }
  if (segment_customisation !== undefined) columns.segment_customisation = sql.json(segment_customisation);
  return columns;
}

/** Creates a channel (super administrators only) with the defaults of a new channel; returns its id. */
export async function createChannel(sql: Sql, secret: Uint8Array, user: StaffUser, fields: ChannelFields) {
  requireAccess(user, "channels-create");
  if (fields.parent_id !== undefined) await checkParent(sql, user, null, fields.parent_id);
  const { label: _label, ...defaults } = newChannelDefaults();
  return await channels.insertChannel(sql, await columnsOf(sql, secret, { ...defaults, ...fields }));
}

/** Updates the fields sent of a channel the user may edit. */
export async function updateChannel(
  sql: Sql,
  secret: Uint8Array,
  user: StaffUser,
  id: number,
  fields: ChannelFields,
  storage?: Storage,
) {
  const channel = await editableChannelFor(sql, user, id);
  if (fields.parent_id !== undefined && fields.parent_id !== channel.parent_id) {
    await checkParent(sql, user, id, fields.parent_id);
  }
  await channels.updateChannel(sql, id, await columnsOf(sql, secret, fields));
  // Back to a stock background: the uploaded one is no longer used.
  if (fields.background !== undefined && storage) await forgetMedia(sql, storage, channel.background_url);
}

export type ChannelImage = "logo" | "background";
const URL_COLUMN = { logo: "logo_url", background: "background_url" } as const;

/** Stores an uploaded logo or background (png/jpg, 10 MB) and points the channel at it; returns its URL. */
export async function storeChannelImage(
  sql: Sql,
  storage: Storage,
  user: StaffUser,
  id: number,
  which: ChannelImage,
  file: unknown,
): Promise<string> {
  const channel = await editableChannelFor(sql, user, id);
  const upload = await checkUpload(file);
  const url = await storeUpload(sql, storage, upload, {
    folder: `channels/${id}`,
    name: which,
    channelId: id,
  });
  await channels.updateChannel(sql, id, { [URL_COLUMN[which]]: url });
  await forgetMedia(sql, storage, channel[URL_COLUMN[which]]);
  return url;
}

/** Removes the logo, or puts the background back to its stock image. */
export async function deleteChannelImage(
  sql: Sql,
  storage: Storage,
  user: StaffUser,
  id: number,
  which: ChannelImage,
): Promise<void> {
  const channel = await editableChannelFor(sql, user, id);
  const value = which === "logo" ? null : stockBackgroundUrl(channel.background_preset);
  await channels.updateChannel(sql, id, { [URL_COLUMN[which]]: value });
  await forgetMedia(sql, storage, channel[URL_COLUMN[which]]);
}

/** Every channel with its counts (channels-all), as the API lists them. */
export async function listChannelsWithCounts(sql: Sql, user: StaffUser) {
  requireAccess(user, "channels-all");
  const rows = await channels.listChannelsWithCounts(sql);
  return rows.map(({ interactions, messages, ...row }) => ({ ...row, counts: { interactions, messages } }));
}

/** Sets the default customisation of a channel the user may see (channel-customisation). */
export async function setChannelCustomisation(
  sql: Sql,
  user: StaffUser,
  id: number,
  value: unknown,
): Promise<void> {
  await channelFor(sql, user, id);
  requireAccess(user, "channel-customisation");
  await channels.updateChannelCustomisation(sql, id, value);
}

/** Monetisation eligibility of a channel: its messages and participants of the last 12 months. */
export async function channelMonetisation(sql: Sql, user: StaffUser, id: number, now: Date) {
  await channelFor(sql, user, id);
  return monetisation(await channels.channelActivitySince(sql, id, monetisationSince(now)));
}
