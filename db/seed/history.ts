// A long participation history for the statistics benchmark (bench/statistics.ts): `count` participations
// spread evenly over `days` before now, in the channel's interactions, written by one statement with
// generate_series. Authors are skewed as an audience is (a few regulars write most), a quarter of them
// registered; cities, likes, broadcasts, the trash and a few staff replies are drawn from the row number.
import type { Db } from "../client.ts";

export async function seedParticipationHistory(
  sql: Db,
  input: { channelId: number; segmentIds: number[]; count: number; days: number; authors: number },
): Promise<void> {
  const { channelId, segmentIds, count, days, authors } = input;
  const [firstUser] = await sql<{ id: number }[]>`
    insert into app_users (nickname, points)
    select 'bench-' || g, (g * 37) % 500 from generate_series(1, ${Math.ceil(authors / 4)}::int) g
    returning id::int as id`;
  await sql`
    insert into messages (channel_id, segment_id, type, author_app_user_id, device_id, author_city, liked,
      broadcast_status, status, created_at)
    select ${channelId}, s.id, s.type,
      case when a % 4 = 0 then ${firstUser.id}::bigint + a / 4 end,
      case when a % 4 <> 0 then 'bench-device-' || a end,
      (array['Lyon', 'Grenoble', 'Annecy', 'Valence', 'Vienne', 'Chambéry', 'Nantes', 'Lille', 'Paris', 'Lens',
        'Brest', 'Nice', 'Metz', 'Dijon', 'Tours', 'Caen', '', ''])[1 + (g * 31) % 18],
      g % 20 = 0, case when g % 50 = 0 then 'broadcast_1' else 'none' end,
      case when g % 33 = 0 then 'trash' when g % 10 = 9 then 'archived' else 'received' end,
      now() - (g::float8 / ${count}::int * ${days}::int) * interval '1 day'
    from generate_series(1, ${count}::int) g
    -- the author: a square of a scrambled number in [0, 1), so low numbers (the regulars) come back often
    cross join lateral (select (((g::bigint * 2654435761) % 1000003) / 1000003.0) ^ 2 * ${authors}::int as f) r
    cross join lateral (select floor(r.f)::int as a) au
    join lateral (select id, type from segments
      where id = (${segmentIds}::bigint[])[1 + g % ${segmentIds.length}::int]) s on true`;
  // a staff reply to one participation in 200, a few hours later
  await sql`
    insert into replies (message_id, channel_id, text, created_at)
    select id, channel_id, 'Merci !', created_at + ((id % 240) || ' minutes')::interval from messages
    where channel_id = ${channelId} and id % 200 = 0`;
}
