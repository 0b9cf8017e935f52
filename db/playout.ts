// The playout queue of an interaction (migration 021): positions 1..n per segment.
import type { Db } from "./client.ts";

export interface PlayoutRow {
  message_id: number;
  position: number;
  author_name: string | null;
  duration_ms: number | null;
  created_at: Date;
}

/** The queue of a segment in air order. */
export async function listPlayout(sql: Db, segmentId: number): Promise<PlayoutRow[]> {
  return await sql<PlayoutRow[]>`
    select p.message_id::int as message_id, p.position, m.author_name, m.duration_ms, m.created_at
    from playout_queue p join messages m on m.id = p.message_id
    where p.segment_id = ${segmentId} order by p.position`;
}

/** Serialises the changes of one segment's queue (taken first in each transaction that changes it). */
export async function lockPlayout(tx: Db, segmentId: number): Promise<void> {
  await tx`select id from segments where id = ${segmentId} for update`;
}

/** Puts a message last in its segment's queue; nothing when it is already in. */
export async function addToPlayout(tx: Db, segmentId: number, messageId: number, userId: number | null) {
  await tx`
    insert into playout_queue (message_id, segment_id, position, added_by)
    values (${messageId}, ${segmentId},
      (select coalesce(max(position), 0) + 1 from playout_queue where segment_id = ${segmentId}), ${userId})
    on conflict (message_id) do nothing`;
}

/** Takes a message out and closes the gap. */
export async function removeFromPlayout(tx: Db, segmentId: number, messageId: number) {
  await tx`delete from playout_queue where message_id = ${messageId}`;
  await renumber(tx, segmentId);
}

/** Sets the order: ids in air order (the caller checked they are the queue's). */
export async function setPlayoutOrder(tx: Db, segmentId: number, ids: number[]) {
  if (!ids.length) return;
  await tx`
    update playout_queue p set position = o.position
    from unnest(${ids}::bigint[]) with ordinality as o(message_id, position)
    where p.message_id = o.message_id and p.segment_id = ${segmentId}`;
}

async function renumber(tx: Db, segmentId: number) {
  await tx`
    update playout_queue p set position = n.position
    from (select message_id, row_number() over (order by position) as position from playout_queue
      where segment_id = ${segmentId}) n
    where p.message_id = n.message_id and p.position <> n.position`;
}
