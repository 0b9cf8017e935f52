// A message shared by its link or shown on an overlay: read by its share token, or by id for a reader the
// caller has already checked (a staff member of its channel, or the overlay's token).
import type { Db } from "./client.ts";
import type { MediaKind } from "../lib/rules/participation.ts";

/**
 * The columns a public read of a message may draw from (messages are private unless shared): no e-mail, phone, names, extra information, device or author ids are even selected.
 */
export interface SharedMessageRow {
  share_token: string;
  channel_id: number;
  segment_id: number;
  type: string;
  created_at: Date;
  content: Record<string, unknown>;
  duration_ms: number | null;
  /**
   * the author's own nickname (app_users), never the name typed in the information form; for a WhatsApp
   * listener without an account, the profile name WhatsApp shows (public by the provider's own rules)
   */
  nickname: string | null;
  /** how it reached the studio (widget, whatsapp, sms, voice): a phone line's listener is shown as "Listener" */
  medium?: string;
  author_city: string | null;
  playable_path: string | null;
  poster_path: string | null;
  /** what the file is (audio, video, image): a picture is shown as a picture, whatever the interaction's type */
  media_kind: MediaKind | null;
  status: string;
  moderation: string;
  shared_at: Date | null;
  broadcast_status: string;
}

const columns = (sql: Db) =>
  sql`m.share_token::text as share_token, m.channel_id::int as channel_id, m.segment_id::int as segment_id,
    m.type, m.created_at, m.content, m.duration_ms,
    coalesce(u.nickname, case when m.medium = 'whatsapp' and m.author_app_user_id is null then m.author_name end)
      as nickname, m.medium, m.author_city, md.playable_path,
    md.poster_path, md.kind as media_kind, m.status, m.moderation, m.shared_at, m.broadcast_status`;

/** The message of a share token (a uuid), shared or not: the caller decides what the public sees. */
export async function getMessageByShareToken(sql: Db, token: string): Promise<SharedMessageRow | null> {
  const [row] = await sql<SharedMessageRow[]>`
    select ${columns(sql)}
    from messages m
    left join app_users u on u.id = m.author_app_user_id
    left join media md on md.id = m.media_id
    where m.share_token = ${token}::uuid`;
  return row ?? null;
}

/**
 * The same projection by sequential id, whatever the message's state, sharing or channel: it checks nothing,
 * so its caller decides who may see it. Two do: a staff member's read of a message of a channel they may
 * access (lib/participations/shared.ts), and an overlay screen, opened by its token without any login, showing
 * the message its staff put on air in that interaction while it may be seen on air (lib/live/overlay.ts).
 */
export async function getMessageForStaffRead(sql: Db, id: number): Promise<SharedMessageRow | null> {
  const [row] = await sql<SharedMessageRow[]>`
    select ${columns(sql)}
    from messages m
    left join app_users u on u.id = m.author_app_user_id
    left join media md on md.id = m.media_id
    where m.id = ${id}`;
  return row ?? null;
}

/**
 * Marks a message shared by its author (the thanks screen's Share): knowing the token, answered only
 * to the author, is the proof. Returns false for an unknown token. Idempotent (keeps the first date).
 */
export async function markShared(sql: Db, token: string): Promise<boolean> {
  const rows = await sql`
    update messages set shared_at = coalesce(shared_at, now())
    where share_token = ${token}::uuid returning 1`;
  return rows.length > 0;
}
