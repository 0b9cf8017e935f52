import type { Db } from "./client.ts";

/** Unread messages of a channel (not in the trash), back-office §7 statistics/messages_not_read. */
export async function countUnreadMessages(sql: Db, channelId: number): Promise<number> {
  // The inbox tab counters (007_inbox_tab_counts.sql) keep this number per segment.
  const [row] = await sql<{ count: number }[]>`
    select coalesce(sum(unread), 0)::int as count from inbox_counts where channel_id = ${channelId}`;
  return row.count;
}

// The statistics dashboard (/statistics): one channel's participations between two instants.

/** A label and a count. */
export interface CountRow {
  key: string;
  count: number;
}

/** Every figure of the dashboard for one channel and one period [from, to). */
export interface ChannelStatistics {
  /** Participations per bucket start (day or hour in `timeZone`), only buckets that have some. */
  series: { bucket: string; count: number }[];
  byType: CountRow[];
  byInteraction: { id: number; title: string; count: number }[];
  participants: number;
  returning: number;
  registered: number;
  anonymous: number;
  cities: CountRow[];
  listeners: { nickname: string; count: number; points: number }[];
  medianReplySeconds: number | null;
  liked: number;
  quoted: number;
  broadcast: number;
  /** Messages and distinct participants over the 12 months before `to` (monetisation gauges). */
  yearMessages: number;
  yearParticipants: number;
}

const LIMIT = 10;

/**
 * The dashboard of a channel: participations not in the trash created in [from, to), bucketed by
 * `unit` in `timeZone`. A participant is its app user, else its device; "returning" had taken part in
 * the channel before `from`.
 */
export async function channelStatistics(
  sql: Db,
  input: { channelId: number; from: Date; to: Date; unit: "day" | "hour"; timeZone: string },
): Promise<ChannelStatistics> {
  const { channelId, from, to, unit, timeZone } = input;
  const yearFrom = new Date(to.getTime() - 365 * 24 * 3600 * 1000);
  const scope = sql`m.channel_id = ${channelId} and m.status <> 'trash'
    and m.created_at >= ${from} and m.created_at < ${to}`;
  const author = sql`coalesce('u' || m.author_app_user_id::text, 'd' || m.device_id)`;
  const [series, byType, byInteraction, people, cities, listeners, reply, rewards, year] = await Promise.all([
    sql<{ bucket: string; count: number }[]>`
      select to_char(date_trunc(${unit}, m.created_at at time zone ${timeZone}), 'YYYY-MM-DD"T"HH24:MI') as bucket,
        count(*)::int as count
      from messages m where ${scope} group by 1 order by 1`,
    sql<CountRow[]>`
      select m.type as key, count(*)::int as count from messages m where ${scope}
      group by 1 order by 2 desc, 1`,
    sql<{ id: number; title: string; count: number }[]>`
      select s.id::int, s.title, count(*)::int as count
      from messages m join segments s on s.id = m.segment_id where ${scope}
      group by s.id, s.title order by 3 desc, 1 limit ${LIMIT}`,
    sql<{ participants: number; returning: number; registered: number; anonymous: number }[]>`
      with a as (
        select ${author} as key, bool_or(m.author_app_user_id is not null) as registered,
          min(m.author_app_user_id) as app_user_id, min(m.device_id) as device_id
        from messages m where ${scope} and ${author} is not null group by 1
      )
      select count(*)::int as participants,
        count(*) filter (where registered)::int as registered,
        count(*) filter (where not registered)::int as anonymous,
        count(*) filter (where exists (
          select 1 from messages o where o.channel_id = ${channelId} and o.status <> 'trash'
            and o.created_at < ${from}
            and (o.author_app_user_id = a.app_user_id or a.app_user_id is null and o.device_id = a.device_id)
        ))::int as returning
      from a`,
    sql<CountRow[]>`
      select m.author_city as key, count(*)::int as count from messages m
      where ${scope} and coalesce(m.author_city, '') <> '' group by 1 order by 2 desc, 1 limit ${LIMIT}`,
    sql<{ nickname: string; count: number; points: number }[]>`
      select coalesce(nullif(u.nickname, ''), u.first_name, '#' || u.id::text) as nickname,
        count(*)::int as count, u.points::int as points
      from messages m join app_users u on u.id = m.author_app_user_id where ${scope}
      group by u.id order by 2 desc, u.points desc, u.id limit ${LIMIT}`,
    sql<{ median: number | null }[]>`
      select percentile_cont(0.5) within group (order by extract(epoch from r.first_at - m.created_at))::float
        as median
      from messages m
      join lateral (select min(created_at) as first_at from replies where message_id = m.id) r on true
      where ${scope} and r.first_at is not null`,
    sql<{ liked: number; quoted: number; broadcast: number }[]>`
      select count(*) filter (where m.liked)::int as liked,
        count(*) filter (where exists (
          select 1 from points_ledger p where p.message_id = m.id and p.event = 'quoted'
        ))::int as quoted,
        count(*) filter (where m.broadcast_status <> 'none')::int as broadcast
      from messages m where ${scope}`,
    sql<{ messages: number; participants: number }[]>`
      select count(*)::int as messages, count(distinct ${author})::int as participants
      from messages m where m.channel_id = ${channelId} and m.status <> 'trash'
        and m.created_at >= ${yearFrom} and m.created_at < ${to}`,
  ]);
  return {
    series,
    byType,
    byInteraction,
    ...people[0],
    cities,
    listeners,
    medianReplySeconds: reply[0]?.median ?? null,
    ...rewards[0],
    yearMessages: year[0].messages,
    yearParticipants: year[0].participants,
  };
}
