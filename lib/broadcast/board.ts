// The broadcast board (/broadcast, /broadcast/{id}): what is live on a channel and the messages staff
// quoted or broadcast, all of the channel's or one interaction's.
import type { Sql } from "postgres";
import { listLiveSegments, listMarkedMessages } from "../../db/broadcast.ts";

/** The live segments of a channel at `now` and its latest `limit` marked messages (of one segment if given). */
export async function loadBroadcastBoard(
  sql: Sql,
  channelId: number,
  segmentId: number | null,
  limit: number,
  now: Date,
) {
  const [live, marked] = await Promise.all([
    listLiveSegments(sql, channelId, now),
    listMarkedMessages(sql, channelId, segmentId, limit),
  ]);
  return { live, marked };
}
