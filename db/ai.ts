// Reads and writes of the AI assistant (back-office §7 "POST AI prompt"): its participations and ai_logs.
import type { Db } from "./client.ts";
import type { AiMessage } from "../lib/ai/types.ts";
import type { TabCounts } from "../lib/rules/ai_reads.ts";
import { FILTER_SQL } from "./inbox.ts";

/**
 * The participations the assistant reads (on alias m): those of the inbox's tabs All, Archive and To
 * moderate (FILTER_SQL), that is every one but the trashed ones; and the tab each one is in.
 */
const READ =
  `m.status <> 'trash' and (${FILTER_SQL.all} or ${FILTER_SQL.archive} or ${FILTER_SQL.moderated})`;
const TAB_OF = `case when ${FILTER_SQL.all} then 'all' when ${FILTER_SQL.archive} then 'archive'
  else 'moderated' end`;

/**
 * The id, answer language and time zone (of the hours quoted) of the channel whose uuid is `uuid`
 * (the api-key header), or null.
 */
export async function getChannelByUuid(
  sql: Db,
  uuid: string,
): Promise<{ id: number; uuid: string; language: string; time_zone: string } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
  const [row] = await sql<{ id: number; uuid: string; language: string; time_zone: string }[]>`
    select id::int, uuid::text, coalesce(customisation->>'language', language) as language, time_zone
    from channels where uuid = ${uuid}`;
  return row ?? null;
}

/**
 * The latest `limit` participations of a segment, newest first, without the trashed ones, with no
 * personal data but the city and the nickname, and the inbox tab each is in; author_key only serves to
 * count participants.
 */
export async function listAiMessages(sql: Db, segmentId: number, limit: number): Promise<AiMessage[]> {
  const rows = await sql<(Omit<AiMessage, "choice_ids"> & { choice_ids: (string | number)[] | null })[]>`
    with m as (
      select id, channel_id, type, text, transcript, choice_ids, author_city, author_name, moderation, created_at,
        coalesce('u' || author_app_user_id::text, 'd' || device_id) as author_key, ${
    sql.unsafe(TAB_OF)
  } as tab
      from messages m
      where segment_id = ${segmentId} and ${sql.unsafe(READ)}
      order by created_at desc, id desc
      limit ${limit}
    ), authors as (
      select author_key, min(channel_id) as channel_id, min(created_at) as first_here
      from m where author_key is not null group by author_key
    ), returning_authors as (
      select a.author_key from authors a
      where exists (
        select 1 from messages o
        where o.channel_id = a.channel_id and o.segment_id <> ${segmentId} and o.status <> 'trash'
          and o.created_at < a.first_here
          and (o.author_app_user_id::text = substr(a.author_key, 2) and a.author_key like 'u%'
            or o.device_id = substr(a.author_key, 2) and a.author_key like 'd%')
      )
    )
    select m.id::int, m.type, m.text, m.transcript, m.choice_ids, m.author_city, m.author_name, m.moderation,
      m.created_at, m.author_key, m.tab,
      r.author_key is not null as author_returning
    from m left join returning_authors r on r.author_key = m.author_key
    order by m.created_at desc, m.id desc`;
  return rows.map((r) => ({ ...r, choice_ids: r.choice_ids?.map(Number) ?? null }));
}

/**
 * Texts of the channel's other interactions (latest `limit`), against which the themes of one
 * interaction are weighted.
 */
export async function listOtherTexts(sql: Db, segmentId: number, limit: number): Promise<string[]> {
  const rows = await sql<{ text: string }[]>`
    select concat_ws(' ', o.text, o.transcript) as text
    from messages o
    where o.channel_id = (select channel_id from messages where segment_id = ${segmentId} limit 1)
      and o.segment_id <> ${segmentId} and o.status <> 'trash'
      and (o.text is not null or o.transcript is not null)
    order by o.created_at desc
    limit ${limit}`;
  return rows.map((r) => r.text);
}

/** Participations of a segment the assistant may read, in all (READ: trashed ones left out). */
export async function countAiMessages(sql: Db, segmentId: number): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from messages m where m.segment_id = ${segmentId} and ${sql.unsafe(READ)}`;
  return row.count;
}

/**
 * How many of the latest `limit` participations of a segment (those listAiMessages reads) are in each
 * inbox tab, by the inbox's own conditions.
 */
export async function countAiTabs(sql: Db, segmentId: number, limit: number): Promise<TabCounts> {
  const [row] = await sql<TabCounts[]>`
    select count(*) filter (where tab = 'all')::int as all, count(*) filter (where tab = 'archive')::int as archive,
      count(*) filter (where tab = 'moderated')::int as moderated
    from (
      select ${sql.unsafe(TAB_OF)} as tab from messages m
      where segment_id = ${segmentId} and ${sql.unsafe(READ)}
      order by created_at desc, id desc
      limit ${limit}
    ) read`;
  return row;
}

/** Records a question and its answer. */
export async function insertAiLog(
  sql: Db,
  log: {
    channelId: number;
    segmentId: number;
    userId: number;
    prompt: string;
    answer: string;
    provider: string;
  },
): Promise<void> {
  await sql`
    insert into ai_logs (channel_id, segment_id, user_id, prompt, answer, provider)
    values (${log.channelId}, ${log.segmentId}, ${log.userId}, ${log.prompt}, ${log.answer}, ${log.provider})`;
}
