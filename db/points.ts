// Listeners' points: the ledger of a message's events credited or reversed for its author, kept equal to
// their total, and reading a total.
import type { Db } from "./client.ts";
import type { PointsEvent } from "../lib/rules/points.ts";

/**
 * Credits and reverses ledger events of a message for its author, inside the caller's transaction, and
 * keeps app_users.points equal to the ledger sum. `points` is the value of each event (widget §9, POINTS in
 * lib/rules/constants.ts). A credit already present (unique message+event) and a
 * reversal of an absent row change nothing. Returns the net points moved.
 */
export async function movePoints(
  tx: Db,
  message: { id: number; channel_id: number; author_app_user_id: number | null },
  changes: { credit: PointsEvent[]; reverse: PointsEvent[] },
  points: Readonly<Record<PointsEvent, number>>,
): Promise<number> {
  const author = message.author_app_user_id;
  if (author === null || (!changes.credit.length && !changes.reverse.length)) return 0;
  let delta = 0;
  if (changes.reverse.length) {
    // Each reversed row is taken back from the user it was credited to.
    const removed = await tx<{ points: number; app_user_id: number }[]>`
      delete from points_ledger where message_id = ${message.id} and event in ${tx(changes.reverse)}
      returning points, app_user_id`;
    for (const row of removed) {
      if (row.app_user_id === author) delta -= row.points;
      else {
        await tx`update app_users set points = points - ${row.points}, updated_at = now()
          where id = ${row.app_user_id}`;
      }
    }
  }
  for (const event of changes.credit) {
    const added = await tx<{ points: number }[]>`
      insert into points_ledger (channel_id, app_user_id, message_id, event, points)
      values (${message.channel_id}, ${author}, ${message.id}, ${event}, ${points[event]})
      on conflict (message_id, event) do nothing
      returning points`;
    delta += added.reduce((s, r) => s + r.points, 0);
  }
  if (delta !== 0) {
    await tx`update app_users set points = points + ${delta}, updated_at = now() where id = ${author}`;
  }
  return delta;
}

/** The points of an app user and the sum of their ledger rows (they are always equal). */
export async function pointsOf(sql: Db, appUserId: number): Promise<{ points: number; ledger: number }> {
  const [row] = await sql<{ points: number; ledger: number }[]>`
    select u.points,
      (select coalesce(sum(l.points), 0)::int from points_ledger l where l.app_user_id = u.id) as ledger
    from app_users u where u.id = ${appUserId}`;
  return row;
}
