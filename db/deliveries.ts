// Deliveries of a message's media to the studio (FTP, SFTP, S3): their start and end, and the messages
// waiting for an automatic delivery.
import type { Db } from "./client.ts";

/** Records a running transfer of a message; null when one is already running (nothing recorded). */
export async function startDelivery(sql: Db, channelId: number, messageId: number): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`
    insert into deliveries (channel_id, message_id) values (${channelId}, ${messageId})
    on conflict (message_id) where status = 'running' do nothing
    returning id`;
  return row?.id ?? null;
}

/** Ends a transfer as success or failed. */
export async function finishDelivery(
  sql: Db,
  id: number,
  status: "success" | "failed",
  remotePath: string | null,
  error: string | null,
): Promise<void> {
  await sql`update deliveries set status = ${status}, remote_path = ${remotePath}, error = ${error},
    finished_at = now() where id = ${id}`;
}

/**
 * Accepted messages with a media file on segments with an automatic delivery option, received in the
 * last day and never sent: the work of the automatic delivery sweep. On a segment whose trigger is `air`,
 * only the messages staff marked for air (broadcast flag, or in the playout queue).
 */
export async function pendingAutoDeliveries(
  sql: Db,
  ids?: number[],
): Promise<{ id: number; delivery_option: "netia" | "ftpclassic" }[]> {
  return await sql`
    select m.id, s.delivery_option from messages m
    join segments s on s.id = m.segment_id and s.delivery_option in ('netia', 'ftpclassic')
    join media md on md.id = m.media_id and md.status = 'ready' and md.kind in ('audio', 'video')
    where m.moderation in ('none', 'approved') and m.status <> 'trash'
      and (s.delivery_trigger = 'accepted' or m.broadcast_status <> 'none'
        or exists (select 1 from playout_queue q where q.message_id = m.id))
      ${
    ids ? sql`and m.id in ${sql(ids.length ? ids : [0])}` : sql`and m.created_at > now() - interval '1 day'`
  }
      and not exists (select 1 from deliveries d where d.message_id = m.id)
    order by m.id
    limit 500`;
}

/** The messages carrying a media (its processing done, they may be delivered at once). */
export async function messageIdsOfMedia(sql: Db, mediaId: string): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`select id::int as id from messages where media_id = ${mediaId}`;
  return rows.map((r) => r.id);
}
