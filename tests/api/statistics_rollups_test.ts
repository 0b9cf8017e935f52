import assert from "node:assert/strict";
import type { Sql } from "postgres";
import type { Db } from "../../db/client.ts";
import {
  type ChannelStatistics,
  channelStatistics,
  type CountRow,
  rollChannelStatistics,
} from "../../db/statistics.ts";
import { rollStatistics } from "../../lib/statistics/rollups.ts";
import { parsePeriod } from "../../lib/rules/statistics.ts";
import { testApp, testDatabase } from "../_helpers.ts";
import { queueStatisticsRollup } from "../../app/workers.ts";
import { drainJobs, randomChannel, randomSegment } from "./_participation.ts";

const LIMIT = 10;
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

// The dashboard as it was counted before the rollups, straight from the participations: the reference.
async function direct(
  sql: Db,
  input: {
    channelId: number;
    from: Date;
    to: Date;
    unit: "day" | "hour";
    timeZone: string;
    /** The monetisation gauges' 12 months to today, whatever the period. */
    year: { from: Date; to: Date };
  },
): Promise<ChannelStatistics> {
  const { channelId, from, to, unit, timeZone } = input;
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
        and m.created_at >= ${input.year.from} and m.created_at < ${input.year.to}`,
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

/** The dashboard from the rollups (and live rows) next to the direct count, for one range. */
async function compare(
  sql: Sql,
  channelId: number,
  timeZone: string,
  now: Date,
  query: Record<string, string | undefined>,
) {
  const period = parsePeriod(query, now, timeZone);
  const year = parsePeriod({ range: "12m" }, now, timeZone);
  const rolled = await channelStatistics(sql, {
    channelId,
    fromDay: period.start,
    toDay: period.after,
    unit: period.unit,
    timeZone,
    yearToDay: year.after,
  });
  const expected = await direct(sql, {
    channelId,
    from: period.from,
    to: period.to,
    unit: period.unit,
    timeZone,
    year: { from: year.from, to: year.to },
  });
  return { rolled, expected };
}

const NOW = new Date("2026-03-30T09:00:00Z"); // Paris went to summer time on the 29th (UTC+1 → +2)
const HOUR = 3600_000;

/** Participations of every kind over 40 days before NOW, some on either side of a local midnight. */
async function seed(sql: Sql, channelId: number) {
  const vote = await randomSegment(sql, channelId, { title: "Vote" });
  const text = await randomSegment(sql, channelId, { type: "message", title: "Texts" });
  const users: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [u] = await sql<{ id: number }[]>`insert into app_users (nickname, points)
      values (${`fan${channelId}-${i}`}, ${i * 10}) returning id::int as id`;
    users.push(u.id);
  }
  const rows = [];
  for (let i = 0; i < 240; i++) {
    const at = new Date(NOW.getTime() - i * 4 * HOUR - (i % 7) * 17 * 60_000);
    rows.push({
      channel_id: channelId,
      segment_id: i % 3 ? vote.id : text.id,
      type: i % 3 ? "single_choice_question" : "message",
      author_app_user_id: i % 5 === 0 ? users[i % 4] : null,
      device_id: i % 5 === 0 ? null : `dev-${i % 23}`,
      author_city: ["Lyon", "Lille", "", null, "Nantes"][i % 5],
      liked: i % 4 === 0,
      broadcast_status: i % 9 === 0 ? "broadcast_1" : "none",
      status: i % 11 === 0 ? "trash" : i % 6 === 0 ? "archived" : "received",
      created_at: at,
    });
  }
  // a year and more ago, by some of the same participants (who "return" within 12 months)
  for (let i = 0; i < 12; i++) {
    rows.push({ ...rows[i * 5], created_at: new Date(NOW.getTime() - (360 + i * 3) * 24 * HOUR) });
  }
  // a listener first seen 40 days ago and back 10 days ago: returning over 30 days, until the first goes
  for (const days of [40, 10]) {
    rows.push({ ...rows[1], device_id: "dev-first", created_at: new Date(NOW.getTime() - days * 24 * HOUR) });
  }
  // on either side of midnight in Paris (22:59 and 23:01 UTC in winter, 21:59 and 22:01 in summer)
  for (
    const at of [
      "2026-03-20T22:59:00Z",
      "2026-03-20T23:01:00Z",
      "2026-03-29T21:59:00Z",
      "2026-03-29T22:01:00Z",
    ]
  ) {
    rows.push({ ...rows[1], device_id: "dev-midnight", created_at: new Date(at) });
  }
  const ids = await sql<{ id: number }[]>`insert into messages ${sql(rows)} returning id::int as id`;
  await sql`insert into points_ledger (channel_id, app_user_id, message_id, event, points)
    select ${channelId}, ${users[0]}, id, 'quoted', 5 from messages where id = any(${
    ids.slice(0, 40).map((r) => r.id)
  }::bigint[])
      and id % 3 = 0`;
  return { vote, text, ids: ids.map((r) => r.id) };
}

const RANGES = [{ range: "7d" }, { range: "30d" }, { range: "12m" }, {
  range: "custom",
  from: "2026-03-21",
  to: "2026-03-21",
}];

async function assertSame(sql: Sql, channelId: number, timeZone: string, now = NOW) {
  for (const query of RANGES) {
    const { rolled, expected } = await compare(sql, channelId, timeZone, now, query);
    assert.deepEqual(plain(rolled), plain(expected), JSON.stringify(query));
  }
}

Deno.test("statistics rollups - equal a direct count, after late changes, in the channel's days", async () => {
  const db = await testDatabase();
  const sql = db.sql;
  try {
    const channelId = await randomChannel(sql, { time_zone: "Europe/Paris" });
    const other = await randomChannel(sql, { time_zone: "UTC" });
    const { ids } = await seed(sql, channelId);
    await seed(sql, other);
    // before any run everything is read from the participations
    await assertSame(sql, channelId, "Europe/Paris");

    // the first run rolls the whole history (the days before today in Paris)
    assert.ok(await rollChannelStatistics(sql, channelId, NOW) >= 40);
    const [state] = await sql<{ rolled_until: string }[]>`
      select to_char(rolled_until, 'YYYY-MM-DD') as rolled_until from statistics_rollups where channel_id = ${channelId}`;
    assert.equal(state.rolled_until, "2026-03-30");
    // the participants of the 7 and 30 days and 12 months to today are counted by the roll (023)
    const [{ windows }] = await sql<{ windows: Record<string, unknown> }[]>`
      select windows from statistics_rollups where channel_id = ${channelId}`;
    assert.deepEqual(Object.keys(windows).sort(), ["30", "365", "7"]);
    await assertSame(sql, channelId, "Europe/Paris");

    const year = await compare(sql, channelId, "Europe/Paris", NOW, { range: "12m" });
    assert.ok(year.rolled.returning > 0 && year.rolled.returning < year.rolled.participants);
    // a participation at 00:01 in Paris is counted on its Paris day, not the UTC one
    const { rolled } = await compare(sql, channelId, "Europe/Paris", NOW, {
      range: "custom",
      from: "2026-03-20",
      to: "2026-03-21",
    });
    const midnight = rolled.series.find((r) => r.bucket === "2026-03-21T00:00");
    assert.ok(midnight && midnight.count > 0);

    // late changes to older days: a participation moved to the trash, one liked, one deleted, one quoted
    await sql`update messages set status = 'trash' where id = ${ids[30]}`;
    await sql`update messages set liked = true where id = ${ids[61]}`;
    await sql`update messages set status = 'received' where id = ${ids[77]}`; // was in the trash
    await sql`delete from messages where id = ${ids[100]}`;
    const [fan] = await sql<{ id: number }[]>`select id::int from app_users order by id limit 1`;
    await sql`insert into points_ledger (channel_id, app_user_id, message_id, event, points)
      values (${channelId}, ${fan.id}, ${ids[150]}, 'quoted', 5)`;
    // a participation of yesterday that arrived after the run
    await sql`insert into messages (channel_id, segment_id, type, device_id, created_at)
      select channel_id, segment_id, type, 'dev-late', ${new Date(NOW.getTime() - 20 * HOUR)} from messages
      where id = ${ids[1]}`;
    // the first participation of a returning listener moved to the trash: new over 30 days after the run
    const month = await compare(sql, channelId, "Europe/Paris", NOW, { range: "30d" });
    await sql`update messages set status = 'trash' where channel_id = ${channelId} and device_id = 'dev-first'
      and created_at < ${new Date(NOW.getTime() - 30 * 24 * HOUR)}`;
    const { rolled: stale, expected } = await compare(sql, channelId, "Europe/Paris", NOW, { range: "30d" });
    assert.equal(expected.returning, month.expected.returning - 1);
    assert.notDeepEqual(plain(stale), plain(expected));
    const days = await rollChannelStatistics(sql, channelId, NOW);
    assert.ok(days >= 5 && days < 10, `rolled ${days} days, not the whole history`);
    await assertSame(sql, channelId, "Europe/Paris");

    // the next day: today becomes yesterday
    const tomorrow = new Date(NOW.getTime() + 24 * HOUR);
    await rollStatistics(sql, tomorrow);
    await assertSame(sql, channelId, "Europe/Paris", tomorrow);
    await assertSame(sql, other, "UTC", tomorrow);

    // another time zone: everything rolled again in its days
    await sql`update channels set time_zone = 'America/New_York' where id = ${channelId}`;
    await assertSame(sql, channelId, "America/New_York", tomorrow); // live until the next run
    assert.ok(await rollChannelStatistics(sql, channelId, tomorrow) >= 40);
    await assertSame(sql, channelId, "America/New_York", tomorrow);

    // a deleted channel leaves no marks behind
    await sql`delete from channels where id = ${other}`;
    await rollStatistics(sql, tomorrow);
    const [left] = await sql<{ n: number }[]>`
      select count(*)::int as n from statistics_dirty_days where channel_id = ${other}`;
    assert.equal(left.n, 0);
  } finally {
    await db.close();
  }
});

Deno.test("statistics rollups - the worker rolls every channel when it starts, once per slot", async () => {
  const ctx = await testApp({ jobs: true });
  try {
    const channelId = await randomChannel(ctx.sql);
    const segment = await randomSegment(ctx.sql, channelId);
    await ctx.sql`insert into messages (channel_id, segment_id, type, device_id, created_at)
      values (${channelId}, ${segment.id}, 'single_choice_question', 'dev-1', now() - interval '1 day')`;
    // the job queued at start may have run before this participation of yesterday came: ask again, as the
    // schedule does (yesterday is rolled again on each run)
    await ctx.sql`delete from pgboss.job where name = 'statistics'`;
    assert.ok(await queueStatisticsRollup(ctx.boss!));
    assert.equal(await queueStatisticsRollup(ctx.boss!), null, "one job per slot");
    await drainJobs(ctx);
    const [row] = await ctx.sql<{ n: number }[]>`
      select coalesce(sum(participations), 0)::int as n from statistics_days where channel_id = ${channelId}`;
    assert.equal(row.n, 1);
  } finally {
    await ctx.close();
  }
});
