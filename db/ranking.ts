// Points and ranking (widget §2 Ranking, §7 ranking and ranking/user). A channel's points are the sum
// of the user's points_ledger rows of that channel; app_users.points is the total over all channels.
import type { Db } from "./client.ts";

/** A ranked registered app user. */
export interface RankingRow {
  rank: number;
  user_id: number;
  name: string | null;
  avatar_url: string | null;
  points: number;
}

/** The points of an app user in one channel (0 without any credited event). */
export async function pointsInChannel(sql: Db, appUserId: number, channelId: number): Promise<number> {
  const [row] = await sql<{ points: number }[]>`select coalesce(sum(points), 0)::int as points
    from points_ledger where channel_id = ${channelId} and app_user_id = ${appUserId}`;
  return row.points;
}

/**
 * The top `limit` registered app users with points, highest first (ties share a rank, then by id):
 * of one channel when `channelId` is given, else over every channel.
 */
export async function listRanking(sql: Db, channelId: number | null, limit: number): Promise<RankingRow[]> {
  if (channelId === null) {
    // The top rows first (an index walk that stops at the limit), then their ranks: within a prefix of
    // the order, a rank only depends on the rows before it.
    return await sql<RankingRow[]>`
      select rank() over (order by points desc)::int as rank, user_id, name, avatar_url, points from (
        select id as user_id, nickname as name, avatar_url, points
        from app_users where not is_anonymous and points > 0
        order by points desc, id limit ${limit}
      ) top order by points desc, user_id`;
  }
  return await sql<RankingRow[]>`
    with totals as (
      select app_user_id, sum(points)::int as points from points_ledger
      where channel_id = ${channelId} group by app_user_id
    )
    select rank() over (order by points desc)::int as rank, user_id, name, avatar_url, points from (
      select u.id as user_id, u.nickname as name, u.avatar_url, t.points
      from totals t join app_users u on u.id = t.app_user_id
      where not u.is_anonymous and t.points > 0
      order by t.points desc, u.id limit ${limit}
    ) top order by points desc, user_id`;
}

/** The rank of a total among registered app users: 1 + how many have strictly more points. */
export async function rankOfPoints(sql: Db, channelId: number | null, points: number): Promise<number> {
  const [row] = channelId === null
    ? await sql<{ n: number }[]>`select count(*)::int as n from app_users
        where not is_anonymous and points > ${points}`
    : await sql<{ n: number }[]>`select count(*)::int as n from (
        select l.app_user_id from points_ledger l join app_users u on u.id = l.app_user_id
        where l.channel_id = ${channelId} and not u.is_anonymous
        group by l.app_user_id having sum(l.points) > ${points}) above`;
  return row.n + 1;
}
