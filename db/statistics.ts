// The statistics dashboard's reads: the daily roll-ups of a channel and an interaction, which days need
// rolling again, and the unread count.
import type { Db, Sql } from "./client.ts";

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
/** Days of "12 months" (lib/rules/statistics.ts parsePeriod). */
const YEAR_DAYS = 365;
/** The dashboard's ranges to today whose rolled days' participants each roll counts (023): 7, 30 days, 12 months. */
const WINDOW_DAYS = [7, 30, YEAR_DAYS];
/** The participants of a range's rolled days, counted by the roll (statistics_rollups.windows). */
// a type, not an interface: it is stored as JSON, and only a type is read as one
type RolledWindow = {
  participants: number;
  registered: number;
  returning: number;
  listeners: { app_user_id: number; n: number }[];
};
/** App users kept with the year's figures: the 10 most active of the 12 months to today are among them. */
const LISTENERS_KEPT = 50;
/** Not in the trash, written so the (channel_id, status, created_at) index serves a time range. */
const KEPT = ["received", "archived"];

/** Where a channel's rollups stand (020_statistics_rollups.sql), null before its first run. */
export async function rollupState(
  sql: Db,
  channelId: number,
): Promise<{ time_zone: string; rolled_until: string; rolled_at: Date } | null> {
  const [row] = await sql<{ time_zone: string; rolled_until: string; rolled_at: Date }[]>`
    select time_zone, to_char(rolled_until, 'YYYY-MM-DD') as rolled_until, rolled_at
    from statistics_rollups where channel_id = ${channelId}`;
  return row ?? null;
}

/**
 * The dashboard of a channel: participations not in the trash of the local days [fromDay, toDay) in
 * `timeZone`, bucketed per day (or per hour of a single day). Days before the rollups' `rolled_until`
 * come from the rollups, the rest (today) from the participations. A participant is its app user, else
 * its device; "returning" had taken part in the channel before `fromDay`.
 */
export async function channelStatistics(
  sql: Db,
  input: {
    channelId: number;
    fromDay: string;
    toDay: string;
    unit: "day" | "hour";
    timeZone: string;
    /** The end of the monetisation gauges' 12 months (the day after today): `toDay` when not given. */
    yearToDay?: string;
  },
): Promise<ChannelStatistics> {
  const { channelId, fromDay, toDay, unit, timeZone } = input;
  const yearToDay = input.yearToDay ?? toDay;
  const state = await rollupState(sql, channelId);
  const clamp = (day: string, min: string, max: string) => day < min ? min : day > max ? max : day;
  // rollups serve [fromDay, rolled) and the participations [rolled, toDay); a single day is read per hour
  const rolledUntil = state && state.time_zone === timeZone ? state.rolled_until : null;
  const rolled = unit === "hour" || !rolledUntil ? fromDay : clamp(rolledUntil, fromDay, toDay);
  const yearFromDay = shiftDay(yearToDay, -365);
  const yearRolled = rolledUntil ? clamp(rolledUntil, yearFromDay, yearToDay) : yearFromDay;
  const start = (day: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
  const live = (from: string, to: string) =>
    sql`m.channel_id = ${channelId} and m.status in ${sql(KEPT)}
      and m.created_at >= ${start(from)} and m.created_at < ${start(to)}`;
  const author = sql`coalesce('u' || m.author_app_user_id::text, 'd' || m.device_id)`;
  const quoted = sql`exists (select 1 from points_ledger p where p.message_id = m.id and p.event = 'quoted')`;
  // participants of [from, to): rolled days, then live ones
  const authors = (from: string, until: string, to: string) =>
    sql`
      select a.author, a.app_user_id, a.participations from statistics_author_days a
      where a.channel_id = ${channelId} and a.day >= ${from}::date and a.day < ${until}::date
      union all
      select ${author}, m.author_app_user_id, 1 from messages m
      where ${live(until, to)} and ${author} is not null`;
  // had taken part before fromDay: rolled days, or the days not rolled yet between them and fromDay
  const priorRolled = !rolledUntil ? "1900-01-01" : rolledUntil < fromDay ? rolledUntil : fromDay;
  // each participant's first rolled day (023) tells new from returning when the rollups reach the period
  const firsts = !!rolledUntil && rolledUntil >= fromDay;
  const slowPeople = () =>
    sql<
      {
        participants: number;
        returning: number;
        registered: number;
        anonymous: number;
        listeners: { nickname: string; count: number; points: number }[] | null;
      }[]
    >`
      with a as (${authors(fromDay, rolled, toDay)}),
      p as (select author, min(app_user_id) as app_user_id, sum(participations)::int as n from a group by author),
      gap as (
        select distinct ${author} as author from messages m where ${live(priorRolled, fromDay)}
      )
      select count(*)::int as participants,
        count(*) filter (where p.author like 'u%')::int as registered,
        count(*) filter (where p.author like 'd%')::int as anonymous,
        ${
      firsts
        // new: a first day in the period, or none yet (first seen after the rolled days)
        ? sql`count(*)::int - (
        select count(*) from statistics_author_firsts f where f.channel_id = ${channelId}
          and f.first_day >= ${fromDay}::date and f.first_day < ${toDay}::date
      )::int - (
        select count(*) from (select distinct ${author} as author from messages m where ${
          live(rolled, toDay)
        }) l
        where l.author is not null and not exists (
          select 1 from statistics_author_firsts f where f.channel_id = ${channelId} and f.author = l.author
        )
      )::int`
        : sql`count(*) filter (where exists (
          select 1 from statistics_author_days o where o.channel_id = ${channelId} and o.author = p.author
            and o.day < ${priorRolled}::date
        ) or p.author in (select author from gap))::int`
    } as returning,
        (select json_agg(l) from (
          select coalesce(nullif(u.nickname, ''), u.first_name, '#' || u.id::text) as nickname, t.n as count,
            u.points::int as points
          from (select * from p where app_user_id is not null order by n desc limit ${LIMIT * 5}) t
          join app_users u on u.id = t.app_user_id
          order by t.n desc, u.points desc, u.id limit ${LIMIT}
        ) l) as listeners
      from p`;
  const slowYear = () =>
    sql<{ messages: number; participants: number }[]>`
      with a as (${authors(yearFromDay, yearRolled, yearToDay)})
      select coalesce(sum(participations), 0)::int as messages, count(distinct author)::int as participants from a`;
  // a range to today (7 days, 30 days, 12 months) with the rollups current: the participants of its rolled
  // days counted at the last run, and today's not among them
  const windowOf = (size: number) => rolledUntil ? shiftDay(rolledUntil, -(size - 1)) : null;
  const rangeSize = unit === "day" && rolledUntil && toDay >= rolledUntil
    ? WINDOW_DAYS.find((size) => windowOf(size) === fromDay)
    : undefined;
  const yearFast = windowOf(YEAR_DAYS) === yearFromDay && yearToDay >= rolledUntil!;
  const cached = (size: number, to: string) => {
    const windowFrom = windowOf(size)!;
    const w = sql`(r.windows -> ${String(size)})`;
    return sql<
      {
        participants: number;
        registered: number;
        anonymous: number;
        returning: number;
        listeners: { nickname: string; count: number; points: number }[] | null;
        messages: number;
      }[]
    >`
      with t as (
        select ${author} as author, min(m.author_app_user_id) as app_user_id, count(*)::int as n
        from messages m where ${live(rolledUntil!, to)} and ${author} is not null group by 1
      ),
      fresh as (
        select t.* from t where not exists (
          select 1 from statistics_author_days o where o.channel_id = ${channelId} and o.author = t.author
            and o.day >= ${windowFrom}::date and o.day < ${rolledUntil}::date
        )
      ),
      candidates as (
        select (x ->> 'app_user_id')::bigint as app_user_id
        from statistics_rollups r, jsonb_array_elements(${w} -> 'listeners') x where r.channel_id = ${channelId}
        union select app_user_id from t where app_user_id is not null
      ),
      counts as (
        select c.app_user_id, coalesce((
          select sum(o.participations) from statistics_author_days o where o.channel_id = ${channelId}
            and o.author = 'u' || c.app_user_id::text and o.day >= ${windowFrom}::date
            and o.day < ${rolledUntil}::date
        ), 0)::int + coalesce((select t.n from t where t.app_user_id = c.app_user_id), 0) as n
        from candidates c
      ),
      f as (
        select count(*)::int as participants, count(*) filter (where author like 'u%')::int as registered,
          count(*) filter (where exists (
            select 1 from statistics_author_firsts o where o.channel_id = ${channelId} and o.author = fresh.author
              and o.first_day < ${windowFrom}::date
          ))::int as returning
        from fresh
      )
      select (${w} ->> 'participants')::int + f.participants as participants,
        (${w} ->> 'registered')::int + f.registered as registered,
        (${w} ->> 'participants')::int + f.participants - (${w} ->> 'registered')::int - f.registered as anonymous,
        (${w} ->> 'returning')::int + f.returning as returning,
        (select json_agg(l) from (
          select coalesce(nullif(u.nickname, ''), u.first_name, '#' || u.id::text) as nickname, k.n as count,
            u.points::int as points
          from counts k join app_users u on u.id = k.app_user_id
          order by k.n desc, u.points desc, u.id limit ${LIMIT}
        ) l) as listeners,
        (coalesce((select sum(d.participations) from statistics_days d where d.channel_id = ${channelId}
          and d.day >= ${windowFrom}::date and d.day < ${rolledUntil}::date), 0)
          + coalesce((select sum(n) from t), 0))::int as messages
      from statistics_rollups r, f where r.channel_id = ${channelId}`;
  };
  const rangeCached = rangeSize ? cached(rangeSize, toDay) : null;
  const yearCached = yearFast
    ? rangeSize === YEAR_DAYS && toDay === yearToDay ? rangeCached! : cached(YEAR_DAYS, yearToDay)
    : null;
  const [groups, people, year, reply] = await Promise.all([
    sql<
      {
        g: number;
        kind: "s" | "c";
        day: string | null;
        segment_id: number | null;
        title: string | null;
        type: string | null;
        city: string | null;
        participations: number;
        liked: number;
        quoted: number;
        broadcast: number;
      }[]
    >`
      with d as (
        select 's' as kind, to_char(r.day, 'YYYY-MM-DD"T00:00"') as day, r.segment_id, r.type,
          null::text as city, r.participations, r.liked, r.quoted, r.broadcast
        from statistics_days r where r.channel_id = ${channelId} and r.day >= ${fromDay}::date
          and r.day < ${rolled}::date
        union all
        select 'c', null, null, null, r.city, r.participations, 0, 0, 0
        from statistics_city_days r where r.channel_id = ${channelId} and r.day >= ${fromDay}::date
          and r.day < ${rolled}::date
        union all
        select 's', to_char(date_trunc(${unit}, m.created_at at time zone ${timeZone}), 'YYYY-MM-DD"T"HH24:MI'),
          m.segment_id, m.type, null, 1, m.liked::int, ${quoted}::int, (m.broadcast_status <> 'none')::int
        from messages m where ${live(rolled, toDay)}
        union all
        select 'c', null, null, null, m.author_city, 1, 0, 0, 0
        from messages m where ${live(rolled, toDay)} and coalesce(m.author_city, '') <> ''
      )
      select grouping(d.day, d.segment_id, d.city)::int as g, d.kind, d.day, d.segment_id::int, d.type, d.city,
        sum(d.participations)::int as participations, sum(d.liked)::int as liked,
        sum(d.quoted)::int as quoted, sum(d.broadcast)::int as broadcast,
        (select s.title from segments s where s.id = d.segment_id) as title
      from d
      group by grouping sets ((d.kind, d.day), (d.kind, d.segment_id, d.type), (d.kind, d.city))`,
    rangeCached ?? slowPeople(),
    yearCached ?? slowYear(),
    sql<{ median: number | null }[]>`
      select percentile_cont(0.5) within group (order by extract(epoch from r.first_at - m.created_at))::float
        as median
      from (
        select message_id, min(created_at) as first_at from replies where channel_id = ${channelId}
          and created_at >= ${start(fromDay)}
        group by message_id
      ) r
      -- from the replies of the period (a reply follows its message) to their messages, not the period's
      -- participations to their replies: a year holds far fewer replied messages than messages
      cross join lateral (select m.created_at from messages m where m.id = r.message_id and ${
      live(fromDay, toDay)
    } offset 0) m`,
  ]);
  // grouping(): a bit per column left out: day 4, segment 2, city 1
  const of = (kind: "s" | "c", mask: number) => groups.filter((r) => r.kind === kind && r.g === mask);
  const sum = <K extends string | number>(rows: { key: K; count: number }[]) => {
    const out = new Map<K, number>();
    for (const r of rows) out.set(r.key, (out.get(r.key) ?? 0) + r.count);
    return [...out].map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  };
  const bySegment = of("s", 5);
  const sums = bySegment.reduce(
    (s, r) => ({
      liked: s.liked + r.liked,
      quoted: s.quoted + r.quoted,
      broadcast: s.broadcast + r.broadcast,
    }),
    { liked: 0, quoted: 0, broadcast: 0 },
  );
  const titles = new Map(bySegment.map((r) => [r.segment_id!, r.title ?? ""]));
  const series = of("s", 3).map((r) => ({ bucket: r.day!, count: r.participations }))
    .sort((a, b) => a.bucket < b.bucket ? -1 : 1);
  const [persons] = people;
  return {
    series,
    byType: sum(bySegment.map((r) => ({ key: r.type!, count: r.participations }))),
    byInteraction: sum(bySegment.map((r) => ({ key: r.segment_id!, count: r.participations })))
      .slice(0, LIMIT).map((r) => ({ id: r.key, title: titles.get(r.key) ?? "", count: r.count })),
    participants: persons.participants,
    returning: persons.returning,
    registered: persons.registered,
    anonymous: persons.anonymous,
    cities: of("c", 6).map((r) => ({ key: r.city!, count: r.participations }))
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, LIMIT),
    listeners: persons.listeners ?? [],
    medianReplySeconds: reply[0]?.median ?? null,
    ...sums,
    yearMessages: year[0].messages,
    yearParticipants: year[0].participants,
  };
}

/** The day `days` after a YYYY-MM-DD day. */
function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` (excluded), YYYY-MM-DD. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d = shiftDay(d, 1)) out.push(d);
  return out;
}

/**
 * Rolls one channel's statistics (020_statistics_rollups.sql) up to the day before `now` in its time
 * zone: all its history the first time or after a change of time zone, else yesterday again (the
 * participations that came in late) and the older days a change marked. Returns the days rolled.
 */
export async function rollChannelStatistics(sql: Sql, channelId: number, now: Date): Promise<number> {
  return await sql.begin(async (tx) => {
    const [channel] = await tx<{ time_zone: string; today: string }[]>`
      select time_zone, to_char((${now}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as today
      from channels where id = ${channelId} for share`;
    if (!channel) return 0;
    const { time_zone: timeZone, today } = channel;
    const [state] = await tx<{ time_zone: string; rolled_until: string }[]>`
      select time_zone, to_char(rolled_until, 'YYYY-MM-DD') as rolled_until from statistics_rollups
      where channel_id = ${channelId} for update`;
    const dirty = await tx<{ day: string }[]>`
      delete from statistics_dirty_days where channel_id = ${channelId}
      returning to_char(day, 'YYYY-MM-DD') as day`;
    let days: string[];
    const full = !state || state.time_zone !== timeZone;
    if (full) {
      for (
        const table of [
          "statistics_days",
          "statistics_city_days",
          "statistics_author_days",
          "statistics_author_firsts",
        ]
      ) {
        await tx`delete from ${tx(table)} where channel_id = ${channelId}`;
      }
      const [first] = await tx<{ day: string | null }[]>`
        select to_char((min(created_at) at time zone ${timeZone})::date, 'YYYY-MM-DD') as day from messages
        where channel_id = ${channelId} and status in ${tx(KEPT)}`;
      days = first.day ? daysBetween(first.day, today) : [];
    } else {
      const set = new Set(daysBetween(shiftDay(state.rolled_until, -1), today));
      for (const { day } of dirty) if (day < today) set.add(day);
      days = [...set].sort();
    }
    if (days.length) {
      for (const table of ["statistics_days", "statistics_city_days", "statistics_author_days"]) {
        await tx`delete from ${tx(table)} where channel_id = ${channelId} and day = any(${days}::date[])`;
      }
      const rows = tx`
        select d.day, m.* from unnest(${days}::date[]) d(day)
        join messages m on m.channel_id = ${channelId} and m.status in ${tx(KEPT)}
          and m.created_at >= (d.day::timestamp at time zone ${timeZone})
          and m.created_at < ((d.day + 1)::timestamp at time zone ${timeZone})`;
      await tx`
        insert into statistics_days (channel_id, day, segment_id, type, participations, liked, quoted, broadcast)
        select ${channelId}, m.day, m.segment_id, m.type, count(*), count(*) filter (where m.liked),
          count(*) filter (where exists (
            select 1 from points_ledger p where p.message_id = m.id and p.event = 'quoted'
          )),
          count(*) filter (where m.broadcast_status <> 'none')
        from (${rows}) m group by m.day, m.segment_id, m.type`;
      await tx`
        insert into statistics_city_days (channel_id, day, city, participations)
        select ${channelId}, m.day, m.author_city, count(*) from (${rows}) m
        where coalesce(m.author_city, '') <> '' group by m.day, m.author_city`;
      await tx`
        insert into statistics_author_days (channel_id, day, author, app_user_id, participations)
        select ${channelId}, m.day, coalesce('u' || m.author_app_user_id::text, 'd' || m.device_id),
          min(m.author_app_user_id), count(*)
        from (${rows}) m where coalesce('u' || m.author_app_user_id::text, 'd' || m.device_id) is not null
        group by 2, 3`;
      await rollFirstDays(tx, channelId, full ? null : days);
    }
    // the participants of the rolled days of each range to today (7 days, 30 days, 12 months; but today)
    const windows: Record<string, RolledWindow> = {};
    for (const size of WINDOW_DAYS) {
      const from = shiftDay(today, -size + 1);
      const [w] = await tx<RolledWindow[]>`
        with p as (
          select author, min(app_user_id) as app_user_id, sum(participations)::int as n
          from statistics_author_days where channel_id = ${channelId} and day >= ${from}::date
            and day < ${today}::date
          group by author
        )
        select count(*)::int as participants, count(*) filter (where p.author like 'u%')::int as registered,
          count(*) filter (where f.first_day < ${from}::date)::int as returning,
          coalesce((select json_agg(l) from (
            select app_user_id::int, n from p where app_user_id is not null order by n desc, app_user_id
            limit ${LISTENERS_KEPT}
          ) l), '[]') as listeners
        from p left join statistics_author_firsts f on f.channel_id = ${channelId} and f.author = p.author`;
      windows[size] = w;
    }
    const year = windows[YEAR_DAYS];
    await tx`
      insert into statistics_rollups (channel_id, time_zone, rolled_until, rolled_at, year_participants,
        year_registered, year_returning, year_listeners, windows)
      values (${channelId}, ${timeZone}, ${today}::date, ${now}, ${year.participants}, ${year.registered},
        ${year.returning}, ${tx.json(year.listeners)}, ${tx.json(windows)})
      on conflict (channel_id) do update set time_zone = excluded.time_zone,
        rolled_until = excluded.rolled_until, rolled_at = excluded.rolled_at,
        year_participants = excluded.year_participants, year_registered = excluded.year_registered,
        year_returning = excluded.year_returning, year_listeners = excluded.year_listeners,
        windows = excluded.windows`;
    return days.length;
  });
}

/**
 * Keeps each participant's first rolled day (023_statistics_firsts.sql) after `days` were rolled again
 * (null: all of them): the participants whose first day was one of them, or who took part on one of them,
 * get the earliest day of their rolled days (none left: no row).
 */
async function rollFirstDays(tx: Db, channelId: number, days: string[] | null): Promise<void> {
  if (!days) {
    await tx`
      insert into statistics_author_firsts (channel_id, author, first_day)
      select ${channelId}, author, min(day) from statistics_author_days where channel_id = ${channelId}
      group by author`;
    return;
  }
  const gone = await tx<{ author: string }[]>`
    delete from statistics_author_firsts where channel_id = ${channelId} and first_day = any(${days}::date[])
    returning author`;
  await tx`
    insert into statistics_author_firsts (channel_id, author, first_day)
    select ${channelId}, a.author, min(a.day) from statistics_author_days a
    where a.channel_id = ${channelId} and a.author in (
      select unnest(${gone.map((r) => r.author)}::text[])
      union select t.author from statistics_author_days t where t.channel_id = ${channelId}
        and t.day = any(${days}::date[])
    )
    group by a.author
    on conflict (channel_id, author) do update set first_day = excluded.first_day`;
}

/** The channels to roll (all of them), and the marks of channels deleted since. */
export async function channelsToRoll(sql: Db): Promise<number[]> {
  await sql`delete from statistics_dirty_days d where not exists (select 1 from channels c where c.id = d.channel_id)`;
  return (await sql<{ id: number }[]>`select id::int from channels order by id`).map((r) => r.id);
}

/** The time zone whose days a channel's statistics count (020_statistics_rollups.sql). */
export async function channelTimeZone(sql: Db, channelId: number): Promise<string> {
  const [row] = await sql<{ time_zone: string }[]>`select time_zone from channels where id = ${channelId}`;
  return row?.time_zone ?? "UTC";
}

/**
 * One interaction's figures (its statistics panel): participations not in the trash per day (or hour)
 * of `timeZone`, the votes of each choice, and its latest texts (text, else transcript).
 */
export async function segmentStatistics(
  sql: Db,
  input: { segmentId: number; timeZone: string; textLimit: number },
): Promise<{
  days: { bucket: string; count: number }[];
  hours: { bucket: string; count: number }[];
  choices: { id: number; label: string; count: number }[];
  /** The votes of each choice per day of `timeZone` (YYYY-MM-DD). */
  choiceDays: { day: string; choice_id: number; count: number }[];
  texts: string[];
}> {
  const { segmentId, timeZone, textLimit } = input;
  const kept = sql`m.segment_id = ${segmentId} and m.status in ${sql(KEPT)}`;
  const per = (unit: "day" | "hour") =>
    sql<{ bucket: string; count: number }[]>`
      select to_char(date_trunc(${unit}, m.created_at at time zone ${timeZone}), 'YYYY-MM-DD"T"HH24:MI') as bucket,
        count(*)::int as count
      from messages m where ${kept} group by 1 order by 1`;
  const [days, choices, choiceDays, texts] = await Promise.all([
    per("day"),
    sql<{ id: number; label: string; count: number }[]>`
      select c.id::int, c.label, (select count(*) from messages m where ${kept} and c.id = any(m.choice_ids))::int
        as count
      from segment_choices c where c.segment_id = ${segmentId} order by c.position, c.id`,
    sql<{ day: string; choice_id: number; count: number }[]>`
      select to_char((m.created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, c.choice_id::int,
        count(*)::int as count
      from messages m cross join unnest(m.choice_ids) c(choice_id)
      where ${kept} group by 1, 2 order by 1, 2`,
    sql<{ text: string }[]>`
      select coalesce(nullif(m.text, ''), m.transcript) as text from messages m
      where ${kept} and coalesce(nullif(m.text, ''), m.transcript, '') <> ''
      order by m.created_at desc limit ${textLimit}`,
  ]);
  // a single day is shown per hour
  const hours = days.length === 1 ? await per("hour") : [];
  return { days, hours, choices, choiceDays, texts: texts.map((r) => r.text) };
}
