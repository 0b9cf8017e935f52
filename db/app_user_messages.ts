// A visitor's own participations for "my space" (widget §2 My space, §7 Messages of an app user).
import type { Db } from "./client.ts";

/** A participation of the app user with its segment and the points credited for it. */
export interface AppUserMessageRow {
  id: number;
  channel_id: number;
  created_at: Date;
  type: string;
  content: Record<string, unknown>;
  duration_ms: number | null;
  media_path: string | null;
  liked: boolean;
  broadcast_status: string;
  segment_id: number;
  segment_type: string;
  segment_title: string;
  segment_text: string | null;
  points: number;
}

/** A reply of the channel to a participation. */
export interface ReplyRow {
  id: number;
  message_id: number;
  type: string;
  text: string | null;
  recording_url: string | null;
  media_path: string | null;
  duration_ms: number | null;
  created_at: Date;
}

/** How many participations of the app user are listed (of one channel when given; deleted ones never). */
export async function countAppUserMessages(sql: Db, appUserId: number, channelId: number | null) {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from messages
    where author_app_user_id = ${appUserId} and status <> 'trash'
      and (${channelId}::bigint is null or channel_id = ${channelId})`;
  return row.n;
}

/** One page of the app user's participations, newest first. */
export async function listAppUserMessages(
  sql: Db,
  appUserId: number,
  channelId: number | null,
  limit: number,
  offset: number,
): Promise<AppUserMessageRow[]> {
  return await sql<AppUserMessageRow[]>`
    select m.id, m.channel_id, m.created_at, m.type, m.content, m.duration_ms,
      md.playable_path as media_path, m.liked, m.broadcast_status,
      s.id as segment_id, s.type as segment_type, s.title as segment_title, s.text as segment_text,
      coalesce((select sum(l.points) from points_ledger l where l.message_id = m.id), 0)::int as points
    from messages m
    join segments s on s.id = m.segment_id
    left join media md on md.id = m.media_id
    where m.author_app_user_id = ${appUserId} and m.status <> 'trash'
      and (${channelId}::bigint is null or m.channel_id = ${channelId})
    order by m.created_at desc, m.id desc
    limit ${limit} offset ${offset}`;
}

/** The replies to these participations, oldest first. */
export async function listRepliesOf(sql: Db, messageIds: number[]): Promise<ReplyRow[]> {
  if (messageIds.length === 0) return [];
  return await sql<ReplyRow[]>`
    select r.id, r.message_id, r.type, r.text, r.recording_url, md.playable_path as media_path,
      r.duration_ms, r.created_at
    from replies r left join media md on md.id = r.media_id
    where r.message_id = any(${messageIds}::bigint[])
    order by r.created_at, r.id`;
}
