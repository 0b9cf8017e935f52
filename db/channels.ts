// Channels: reading one or the list with its counts, writing their columns and customisation, their
// activity and usage for the statistics and the platform's approval of a new one.
import type { Columns, Db, Json } from "./client.ts";
import type { ChannelRow } from "../lib/rules/channels.ts";

const COLUMNS = `id, uuid, label, type, status,
  interaction_available_voice, interaction_available_video, interaction_available_vote,
  interaction_available_choice, interaction_available_registration, interaction_available_sms,
  interaction_available_text, interaction_available_game, primary_color, widget_primary_color,
  background_url, background_preset, logo_url, header_url, parent_id, show_product_logo, gamification,
  my_space_enabled, sharing_enabled, retention_months, segment_customisation, customisation, ftp_host, ftp_port, ftp_user,
  ftp_password_enc, ftp_folder, ftp_naming, ftp_secure, audio_target_lufs, audio_format,
  delivery_protocol, sftp_private_key_enc, s3_bucket, s3_region, language, time_zone, created_at, updated_at`;

/** The channel with that id, or null. */
export async function getChannel(sql: Db, id: number): Promise<ChannelRow | null> {
  const [row] = await sql<ChannelRow[]>`select ${sql.unsafe(COLUMNS)} from channels where id = ${id}`;
  return row ?? null;
}

/** Every channel as id, label, parent (for the parent picker). */
export async function listChannelOptions(
  sql: Db,
): Promise<{ id: number; label: string; parent_id: number | null }[]> {
  return await sql`select id, label, parent_id from channels order by lower(label), id`;
}

/** Every channel with its counts of interactions (not in the trash) and messages, newest first. */
export async function listChannelsWithCounts(sql: Db) {
  return await sql<{
    id: number;
    label: string;
    type: string;
    status: string;
    logo_url: string | null;
    parent_id: number | null;
    interactions: number;
    messages: number;
    awaiting_approval: boolean;
  }[]>`
    select c.id, c.label, c.type, c.status, c.logo_url, c.parent_id,
      c.approved_at is null as awaiting_approval,
      (select count(*) from segments s where s.channel_id = c.id and s.status <> 'trash')::int as interactions,
      (select count(*) from messages m where m.channel_id = c.id)::int as messages
    from channels c
    order by c.id`;
}

/**
 * The columns of a channel a write may set: those of its row but its id (the database's), and when a super
 * administrator approved it (read as `awaiting_approval` by the list).
 */
export type ChannelColumns = Columns<Omit<ChannelRow, "id"> & { approved_at: Date | null }>;

/** Inserts a channel from already validated column values and returns its id. */
export async function insertChannel(sql: Db, values: ChannelColumns): Promise<number> {
  const [row] = await sql<{ id: number }[]>`insert into channels ${sql(values)} returning id`;
  return row.id;
}

/** Updates the given columns of a channel; false when it does not exist. */
export async function updateChannel(sql: Db, id: number, values: ChannelColumns): Promise<boolean> {
  const rows = Object.keys(values).length
    ? await sql`update channels set ${sql(values)}, updated_at = now() where id = ${id} returning id`
    : await sql`select id from channels where id = ${id}`;
  return rows.length > 0;
}

/** Sets the channel's default customisation. */
export async function updateChannelCustomisation(
  sql: Db,
  id: number,
  customisation: unknown,
): Promise<void> {
  await sql`update channels set customisation = ${sql.json(customisation as Json)}, updated_at = now()
    where id = ${id}`;
}

/**
 * Messages received by a channel since a date, not in the trash (as the statistics count them), and their
 * distinct participants (app user, else device).
 */
export async function channelActivitySince(sql: Db, channelId: number, since: Date) {
  const [row] = await sql<{ messages: number; participants: number }[]>`
    select count(*)::int as messages,
      count(distinct coalesce('u' || author_app_user_id::text, 'd' || device_id))::int as participants
    from messages where channel_id = ${channelId} and status in ('received', 'archived')
      and created_at >= ${since}`;
  return row;
}

/** Whether a channel is approved, and what it uses: staff accounts, media of the last 24 h, media bytes. */
export async function channelUsage(sql: Db, channelId: number, since: Date) {
  const [row] = await sql<{ approved: boolean; members: number; uploads: number; bytes: number }[]>`
    select c.approved_at is not null as approved,
      (select count(*) from users u where u.channel_id = c.id)::int as members,
      (select count(*) from media m where m.channel_id = c.id and m.created_at >= ${since})::int as uploads,
      (select coalesce(sum(m.size_bytes), 0) from media m where m.channel_id = c.id)::float8 as bytes
    from channels c where c.id = ${channelId}`;
  return row ?? null;
}

/** Approves a channel (once: the first approval's date stays); false when it does not exist. */
export async function approveChannel(sql: Db, channelId: number): Promise<boolean> {
  const rows = await sql`
    update channels set approved_at = coalesce(approved_at, now()), updated_at = now() where id = ${channelId}
    returning id`;
  return rows.length > 0;
}
