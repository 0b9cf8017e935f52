// The participations inbox: message lists by tab, counts, detail with replies, state changes,
// replies, moderation and winner draws. Every query takes the channel scope of the caller.
//
// Hidden writes: triggers keep several tables from every statement that writes messages or deliveries,
// whatever module runs it; their definitions, and what each keeps, are in db/functions.sql. What this
// module reads of them, from the cheapest:
// - the size of each tab without a search: inbox_counts, a sum over 8 shards per segment (tabCounts()). Its
//   tab conditions (inbox_tabs()) must stay those of FILTER_SQL below;
// - the counts of a search already counted while no message of its scope was written since (the `writes`
//   of inbox_counts): inbox_search_totals (keptSearchCounts());
// - the counts of a new search of prefixes in a segment or a channel: the bitmaps per chunk of 512 messages
//   (search_chunks, search_bits) that the triggers on message_search keep (bitCountsOf());
// - any other search (every channel, a tsquery with OR or NOT): message_search, the narrow copy of each
//   message's tabs and words (combinationsOf()).
// Each tier was switched off in turn at 200,000 participations and earns its place (bench/HISTORY.md: the
// counters 10-30x on lists and counts, the bitmaps about 3x on a new search, the kept counts 3x on a poll).
// The other counters (vote_counts, segment_counts) are kept by the queries themselves, not by triggers:
// see db/participations.ts.
import type { PendingQuery, Row } from "postgres";
import type { Db, Sql } from "./client.ts";
import type { InboxFilter, MessageState } from "../lib/rules/inbox.ts";

/** A message with the columns the inbox shows. */
export interface MessageRow extends MessageState {
  id: number;
  channel_id: number;
  segment_id: number;
  show_id: string | null;
  program_id: string | null;
  author_app_user_id: number | null;
  type: string;
  content: Record<string, unknown>;
  text: string | null;
  transcript: string | null;
  duration_ms: number | null;
  author_name: string | null;
  author_city: string | null;
  has_reply: boolean;
  comment: string | null;
  choice_ids: number[] | null;
  extra_user_information: Record<string, unknown>;
  created_at: Date;
  media_id: string | null;
  media_kind: string | null;
  media_content_type: string | null;
  playable_path: string | null;
  original_path: string | null;
  delivery_mp3_path: string | null;
  /** the broadcast copy (audio ready for air), the original's loudness, the waveform and the in/out points */
  broadcast_path: string | null;
  loudness_lufs: number | null;
  true_peak_dbtp: number | null;
  broadcast_duration_ms: number | null;
  aired_duration_ms: number | null;
  peaks: number[] | null;
  trim_in_ms: number | null;
  trim_out_ms: number | null;
  /** the public link's token (migration 012): readable by anyone once shared or broadcast */
  share_token: string;
  shared_at: Date | null;
  /** how it reached the studio: widget, whatsapp, sms or voice (migration 045) */
  medium: string;
  segment_title: string;
}

export interface ReplyRow {
  id: number;
  message_id: number;
  type: "text" | "voice";
  text: string | null;
  recording_url: string | null;
  duration_ms: number | null;
  author_user_id: number | null;
  created_at: Date;
  /** a reply sent back through the participation's line: where it got to (migration 066), else null */
  delivery_status: string | null;
}

/** Which messages a list, a count or a bulk action is about. */
export interface MessageQuery {
  /** null = every channel (super administrator in admin mode). */
  channelId: number | null;
  segmentId?: number | null;
  filter: InboxFilter;
  /** A tsquery built by searchQuery(). */
  search?: string | null;
  voiceOnly?: boolean;
  /** Only what came through this medium (the widget, WhatsApp, SMS, voicemail: migration 045). */
  medium?: string | null;
  choiceId?: number | null;
  /** Restrict to these ids (bulk actions on a selection). */
  ids?: number[] | null;
}

/** The message columns the page query reads from its inner page of `messages` (see COLUMNS). */
const PAGE_COLUMNS = `m.id, m.channel_id, m.segment_id, m.show_id, m.program_id, m.author_app_user_id, m.type,
  m.content, m.text, m.transcript, m.duration_ms, m.author_name, m.author_city, m.read, m.has_reply, m.liked,
  m.winner, m.broadcast_status, m.status, m.moderation, m.comment, m.choice_ids, m.extra_user_information,
  m.created_at, m.media_id, m.share_token, m.shared_at, m.medium`;

const COLUMNS = `m.id, m.channel_id, m.segment_id, m.show_id, m.program_id, m.author_app_user_id, m.type,
  m.content, m.text, m.transcript, m.duration_ms, m.author_name, m.author_city, m.read, m.has_reply, m.liked,
  m.winner, m.broadcast_status, m.status, m.moderation, m.comment, m.choice_ids, m.extra_user_information,
  m.created_at, m.media_id, md.kind as media_kind, md.content_type as media_content_type, md.playable_path,
  md.original_path, md.delivery_mp3_path, md.broadcast_path, md.loudness_lufs, md.true_peak_dbtp,
  md.broadcast_duration_ms, md.aired_duration_ms, md.peaks, md.trim_in_ms, md.trim_out_ms,
  m.share_token::text as share_token, m.shared_at, m.medium,
  (select s.title from segments s where s.id = m.segment_id) as segment_title`;

const ACCEPTED = `m.moderation in ('none', 'approved')`;
const UPLOADED = `m.id in (select d.message_id from deliveries d where d.status = 'success')`;

const ALL = `m.status = 'received' and ${ACCEPTED}`;

/**
 * The SQL condition of a tab (on alias m), the one definition of each tab's content (INBOX_FILTERS in
 * lib/rules/inbox.ts): Liked, Uploaded and Winners are parts of All, so none is ever larger than All
 * (022_inbox_tabs_and_draws.sql keeps the counters to it).
 */
export const FILTER_SQL: Record<InboxFilter, string> = {
  all: ALL,
  liked: `m.liked and ${ALL}`,
  archive: `m.status = 'archived' and ${ACCEPTED}`,
  uploaded: `${ALL} and ${UPLOADED}`,
  moderated: `m.moderation = 'pending' and m.status <> 'trash'`,
  winner: `m.winner and ${ALL}`,
  trash: `m.status = 'trash'`,
};

/** A condition of a query on messages m: its SQL text, with `$?` where each value goes, then the values. */
type Condition = [text: string, ...values: (string | number)[]];

/**
 * The conditions of a query on messages m; `spelled`, the search as spelledOut() gives it, replaces its
 * prefixes. One list, which where() gives as a fragment of a query and whereText() as text with parameters.
 */
function conditionsOf(
  q: Omit<MessageQuery, "filter"> & { filter?: InboxFilter | null },
  spelled: string | null = null,
): Condition[] {
  const parts: Condition[] = [["true"]];
  // A segment was checked to be in the caller's channel (lib/inbox/service.ts queryOf): its condition alone
  // is enough.
  if (q.segmentId) parts.push(["m.segment_id = $?", q.segmentId]);
  else if (q.channelId !== null) parts.push(["m.channel_id = $?", q.channelId]);
  if (q.filter) parts.push([FILTER_SQL[q.filter]]);
  // the words index (migration 027) holds only the messages with words: the search names it the same way
  if (q.search) {
    parts.push(
      spelled
        ? ["m.search_vector <> '' and m.search_vector @@ $?::tsquery", spelled]
        : ["m.search_vector <> '' and m.search_vector @@ to_tsquery('simple', $?)", q.search],
    );
  }
  if (q.voiceOnly) parts.push(["(m.media_id is not null or m.duration_ms is not null)"]);
  if (q.medium) parts.push(["m.medium = $?", q.medium]);
  if (q.choiceId) parts.push(["m.choice_ids @> array[$?::bigint]", q.choiceId]);
  if (q.ids) {
    const ids = q.ids.length ? q.ids : [0];
    parts.push([`m.id in (${ids.map(() => "$?").join(", ")})`, ...ids]);
  }
  return parts;
}

/** The condition of a query on messages m, as a fragment of a tagged query. */
function where(
  sql: Db,
  q: Omit<MessageQuery, "filter"> & { filter?: InboxFilter | null },
  spelled: string | null = null,
) {
  return conditionsOf(q, spelled).map(([text, ...values]) =>
    text.split("$?").map((piece) => sql.unsafe(piece)).reduce((fragment, piece, i) =>
      sql`${fragment}${values[i - 1]}${piece}`
    )
  ).reduce((a, b) => sql`${a} and ${b}`);
}

/** The condition of a query on messages m as text, its values appended to `params` ($1, $2, … in order). */
function whereText(
  q: Omit<MessageQuery, "filter"> & { filter?: InboxFilter | null },
  spelled: string | null,
  params: (string | number)[],
): string {
  return conditionsOf(q, spelled).map(([text, ...values]) => {
    let i = 0;
    return text.replaceAll("$?", () => `$${params.push(values[i++])}`);
  }).join(" and ");
}

type CountedTab = Exclude<InboxFilter, "uploaded"> | "unread";

/** The tabs a search counts: those of the counters, and Uploaded (032_search_uploaded.sql). */
type SearchTab = CountedTab | "uploaded";

/**
 * The size of each tab but uploaded, and the unread ones (not in the trash), from the counters that
 * 007_inbox_tab_counts.sql keeps: a sum over at most 8 shards per segment, whatever the number of messages.
 */
async function tabCounts(sql: Db, q: Omit<MessageQuery, "filter">): Promise<Record<CountedTab, number>> {
  const [row] = await sql<Record<CountedTab, number>[]>`
    select coalesce(sum(all_tab), 0)::int as all, coalesce(sum(liked), 0)::int as liked,
      coalesce(sum(archive), 0)::int as archive, coalesce(sum(moderated), 0)::int as moderated,
      coalesce(sum(winner), 0)::int as winner, coalesce(sum(trash), 0)::int as trash,
      coalesce(sum(unread), 0)::int as unread
    from inbox_counts where ${scopeOf(sql, q).counters}`;
  return row;
}

/**
 * A query's scope (its segment, its channel, or every channel): its key, its counter rows, and its segments
 * with words as an array (null for every channel: the search bitmaps do not answer it).
 */
function scopeOf(sql: Db, q: Omit<MessageQuery, "filter">) {
  if (q.segmentId) {
    return {
      key: `s${q.segmentId}`,
      counters: sql`segment_id = ${q.segmentId}`,
      segments: sql`array[${q.segmentId}::bigint]`,
    };
  }
  if (q.channelId !== null) {
    return {
      key: `c${q.channelId}`,
      counters: sql`channel_id = ${q.channelId}`,
      segments: sql`array(select segment_id from message_search_ords where channel_id = ${q.channelId})`,
    };
  }
  return { key: "all", counters: sql`true`, segments: null };
}

/** A list narrowed to voice messages, a choice or given ids: the counters do not answer it. */
const narrowed = (q: Omit<MessageQuery, "filter">) => Boolean(q.voiceOnly || q.medium || q.choiceId || q.ids);

/** The number of messages of a tab: from the counters, or the kept counts of a search, else counted. */
async function countTab(sql: Db, q: MessageQuery): Promise<number> {
  if (q.filter === "uploaded" && q.search && !narrowed(q)) return (await searchCounts(sql, q)).uploaded;
  if (q.filter === "uploaded" || narrowed(q)) return await countRows(sql, q);
  return (await (q.search ? searchCounts(sql, q) : tabCounts(sql, q)))[q.filter];
}

/**
 * The counts of a search in every tab, counted once while no message of the scope is written: the list
 * and its tabs poll them every 15 s with the same search (inbox_search_totals, 007_inbox_tab_counts.sql).
 */
async function searchCounts(sql: Db, q: Omit<MessageQuery, "filter">): Promise<Record<SearchTab, number>> {
  const kept = await keptSearchCounts(sql, q);
  return kept.counts ?? await countSearch(sql, q, kept);
}

/** What keptSearchCounts() found: the kept counts if they still hold, and what counting them again needs. */
interface KeptSearch {
  writes: string;
  counts: Record<SearchTab, number> | null;
  messages: number;
  all_messages: number;
}

/** The counts of a search kept while the scope's `writes` is unchanged, or null counts (one cheap read). */
async function keptSearchCounts(sql: Db, q: Omit<MessageQuery, "filter">): Promise<KeptSearch> {
  const scope = scopeOf(sql, q);
  // the writes are read before counting: a write during the count makes the next read count again
  const [kept] = await sql<KeptSearch[]>`
    select w.writes::text as writes, t.counts, w.messages,
      (select reltuples from pg_class where oid = 'messages'::regclass)::int as all_messages
    from (select coalesce(sum(writes), 0) as writes,
        coalesce(sum(all_tab + archive + moderated + trash), 0)::int as messages
      from inbox_counts where ${scope.counters}) w
      left join inbox_search_totals t on t.scope = ${scope.key} and t.search = ${q.search ?? ""}
        and t.writes = w.writes`;
  return kept;
}

/**
 * Counts a search in every tab and keeps the counts at the `writes` read before (one statement, so that the first count of a search costs one round trip):
 * from the bitmaps of a segment or a channel (bitCountsOf()), else from message_search.
 */
async function countSearch(
  sql: Db,
  q: Omit<MessageQuery, "filter">,
  kept: KeptSearch,
): Promise<Record<SearchTab, number>> {
  const bits = bitCountsOf(sql, q);
  const fromBits = bits && sql`
    select jsonb_build_object(${
    sql.unsafe(SEARCH_TABS.map((tab) => `'${tab}', "${tab}"`).join(", "))
  }) as counts
    from (${bits}) b where b.prefixes_only`;
  const byScope = searchByScope(kept.messages, kept.all_messages);
  const perTab = SEARCH_TABS.map((tab) =>
    `'${tab}', coalesce(sum(n) filter (where tabs & ${TAB_MASK[tab]} = ${TAB_MASK[tab]}), 0)::int`
  );
  const fromIndex = sql`select jsonb_build_object(${sql.unsafe(perTab.join(", "))}) as counts
    from (${combinationsOf(sql, q, byScope)}) combinations`;
  const scope = scopeOf(sql, q);
  const keep = (counting: PendingQuery<Row[]>) =>
    sql<{ counts: Record<SearchTab, number> }[]>`
    with counted as (${counting}),
    kept as (
      insert into inbox_search_totals (scope, search, writes, counts)
      select ${scope.key}, ${q.search ?? ""}, ${kept.writes}::bigint, counts from counted
      on conflict (scope, search) do update set writes = excluded.writes, counts = excluded.counts,
        counted_at = now()
    )
    select counts from counted`;
  // the bitmaps give no row for a search they do not answer: message_search counts it then
  const [row] = fromBits ? await keep(fromBits) : [];
  return (row ?? (await keep(fromIndex))[0]).counts;
}

/** A tsquery that is only prefixes joined by AND, as searchQuery() makes them: 'marie':* & 'lyo':* */
const PREFIXES_ONLY = String.raw`^'[^'\\]+':\*( & '[^'\\]+':\*)*$`;

/** Each prefix of such a tsquery. */
const PREFIX = String.raw`'([^'\\]+)':\*`;

/**
 * The prefixes of a search (`prefix`, in order `n`) when its tsquery is only prefixes joined by AND, else no
 * row; with the end of each prefix's range of lexemes in byte order ("C"): the prefix with its last
 * character's next one (searchQuery() keeps letters and digits only, never the last code point).
 */
function termsOf(sql: Db, search: string) {
  return sql`
    select t.match[1] as prefix, t.n,
      left(t.match[1], -1) || chr(least(ascii(right(t.match[1], 1)) + 1, 1114111)) as prefix_end
    from (select to_tsquery('simple', ${search})::text as text) query,
      regexp_matches(query.text, ${PREFIX}, 'g') with ordinality as t(match, n)
    where query.text ~ ${PREFIXES_ONLY}`;
}

/**
 * The counts of a search in every tab from the bitmaps of its segment or channel (031_search_bitmaps.sql):
 * per chunk of 512 messages, the bitmaps of the lexemes each prefix starts ORed, the prefixes ANDed, and the
 * bits shared with each tab counted. One row, its counts and whether the bitmaps answer the search; null for
 * every channel. They do not answer a tsquery that is not only prefixes joined by AND: countSearch() counts
 * it in message_search then (combinationsOf()).
 */
export function bitCountsOf(sql: Db, q: Omit<MessageQuery, "filter">) {
  const { segments } = scopeOf(sql, q);
  if (!segments) return null;
  const perTab = SEARCH_TABS.map((tab) =>
    `coalesce(sum(bit_count(m.bits & ${TAB_BITMAP[tab]})), 0)::int as "${tab}"`
  );
  return sql<({ prefixes_only: boolean } & Record<SearchTab, number>)[]>`
    with terms as (${termsOf(sql, q.search ?? "")}),
    -- per prefix, a range of the bitmaps' index: a lateral subquery, so that no plan reads the whole table
    -- (a generic plan once joined every lexeme of the segment to the prefixes: 70 ms)
    hits as (
      select h.* from terms t, lateral (
        select b.segment_id, b.chunk, t.n, bit_or(b.bits) as bits from search_bits b
        where b.segment_id = any (${segments}) and b.lexeme >= t.prefix and b.lexeme < t.prefix_end
          and starts_with(b.lexeme, t.prefix)
        group by b.segment_id, b.chunk) h),
    matched as (
      select segment_id, chunk, bit_and(bits) as bits from hits
      group by segment_id, chunk having count(*) = (select count(*) from terms))
    select exists (select 1 from terms) as prefixes_only, ${sql.unsafe(perTab.join(", "))}
    from matched m join search_chunks c on c.segment_id = m.segment_id and c.chunk = m.chunk`;
}

/** The most lexemes one prefix of a search is spelled out into (spelledOut()). */
const SPELLED_OUT = 16;

/**
 * A search of a segment as a tsquery of the lexemes its prefixes start there (from search_bits, 031), the
 * same messages: the words index then walks each lexeme's list instead of gathering every match of each
 * prefix (a rare name with a common one at 200,000 participations: 3.5 -> 1.3 ms on PostgreSQL). A prefix
 * that starts more than SPELLED_OUT lexemes, or none, stays as it is. Null for another scope or a tsquery
 * that is not only prefixes joined by AND.
 */
export async function spelledOut(sql: Db, q: Omit<MessageQuery, "filter">): Promise<string | null> {
  if (!q.search || !q.segmentId) return null;
  // one index probe per lexeme: the next lexeme of the segment in the prefix's range, SPELLED_OUT + 1 at most
  const terms = await sql<{ prefix: string; lexemes: string[] }[]>`
    with recursive terms as (${termsOf(sql, q.search)}),
    found as (
      select t.n, t.prefix, t.prefix_end, 1 as k, (select min(b.lexeme) from search_bits b
        where b.segment_id = ${q.segmentId} and b.lexeme >= t.prefix and b.lexeme < t.prefix_end) as lexeme
      from terms t
      union all
      select f.n, f.prefix, f.prefix_end, f.k + 1, (select min(b.lexeme) from search_bits b
        where b.segment_id = ${q.segmentId} and b.lexeme > f.lexeme and b.lexeme < f.prefix_end)
      from found f where f.lexeme is not null and f.k <= ${SPELLED_OUT})
    select prefix, coalesce(array_agg(lexeme order by lexeme) filter (where lexeme is not null), '{}') as lexemes
    from found group by n, prefix order by n`;
  if (!terms.length) return null;
  const quoted = (lexeme: string) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
  return terms.map(({ prefix, lexemes }) =>
    lexemes.length && lexemes.length <= SPELLED_OUT
      ? `(${lexemes.map(quoted).join(" | ")})`
      : `${quoted(prefix)}:*`
  ).join(" & ");
}

/** Each tab's bitmap in a chunk c of search_chunks: Uploaded is the delivered messages of All (032). */
const TAB_BITMAP: Record<SearchTab, string> = {
  all: "c.all_tab",
  liked: "c.liked",
  archive: "c.archive",
  moderated: "c.moderated",
  winner: "c.winner",
  trash: "c.trash",
  unread: "c.unread",
  uploaded: "c.all_tab & c.uploaded",
};

/**
 * Whether the count of a search in a segment or a channel should look its scope up in the search index
 * too (010_message_search_scope.sql): it pays while the scope holds up to about two thirds of all messages,
 * and costs more than it saves above (1,000,000 messages, PostgreSQL: 55 -> 19 ms at a fifth, 54 -> 41 ms
 * at a half, 59 -> 67 ms at all of them). An unknown table size (never analysed) is a no.
 * (010's header names its former place, lib/rules/inbox.ts: it is a choice of query plan, so it lives here.)
 * @example searchByScope(200_000, 1_000_000) // true
 */
export function searchByScope(scopeMessages: number, allMessages: number): boolean {
  return allMessages > 0 && scopeMessages * 3 <= allMessages * 2;
}

/**
 * The bits a message_search row has for each tab (search_tab_flips(), 032_search_uploaded.sql): its tabs in
 * the order of inbox_tab_bits() (009_message_search.sql), and 128 when delivered. Uploaded needs All too.
 */
export const TAB_MASK: Record<SearchTab, number> = {
  all: 1,
  liked: 2,
  archive: 4,
  moderated: 8,
  winner: 16,
  trash: 32,
  unread: 64,
  uploaded: 1 | 128,
};

/** The tabs a search counts, in a fixed order. */
const SEARCH_TABS = Object.keys(TAB_MASK) as SearchTab[];

/**
 * The words of a message_search row as its index holds them (029_message_search_compact_words.sql): a search
 * names this expression for the index to answer it.
 */
const SEARCH_WORDS = "message_search_words(words, segment_id, channel_id)";

/**
 * The messages of a search in message_search, the narrow copy of each message's tabs and words (a common word
 * matches messages on every page of the table, and that copy has 2.3 times fewer), counted per combination of
 * tabs and delivery (a few dozen at most; each tab then sums the combinations it is in, TAB_MASK). `byScope`
 * also looks the segment or channel up in the index (a small part of a long history; all channels have no
 * lexeme).
 */
export function combinationsOf(sql: Db, q: Omit<MessageQuery, "filter">, byScope: boolean) {
  const scope = scopeOf(sql, q);
  // the scope's own lexeme (010_message_search_scope.sql): the index keeps only the scope's matches
  let query = sql`to_tsquery('simple', ${q.search ?? ""})`;
  if (byScope && scope.key !== "all") query = sql`(${query} && quote_literal(${"~" + scope.key})::tsquery)`;
  return sql`
    select search_tab_flips(tabs, delivered) as tabs, count(*)::int as n from message_search
    where ${scope.counters} and ${sql.unsafe(SEARCH_WORDS)} @@ ${query}
    group by 1`;
}

/** The number of messages a query matches, counted. */
async function countRows(sql: Db, q: MessageQuery): Promise<number> {
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total from messages m where ${where(sql, q)}`;
  return total;
}

/** Removes the search totals counted before `before` (hourly, by the worker). */
export async function forgetSearchTotals(sql: Db, before: Date): Promise<number> {
  return (await sql`delete from inbox_search_totals where counted_at < ${before}`).count;
}

/**
 * A page of messages of a tab, newest first, and the total of the tab. `counts`, the tab counts the caller
 * asks for with the page (countMessages()), gives the total: a new search is then counted once, not twice.
 */
export async function listMessages(
  sql: Sql,
  q: MessageQuery,
  page: number,
  perPage: number,
  counts?: Promise<Record<InboxFilter | "unread", number>>,
): Promise<{ rows: MessageRow[]; total: number }> {
  const offset = (page - 1) * perPage;
  // The page is cut before its media and segment title are joined: otherwise they are looked up for every
  // skipped row too (5,000 on page 100: 72 ms, 143 ms on PGlite once every table is analysed, against 25).
  const pageOf = (spelled: string | null = null) => {
    const params: (string | number)[] = [];
    const text = `select ${COLUMNS} from (
        select ${PAGE_COLUMNS} from messages m where ${whereText(q, spelled, params)}
        order by m.created_at desc, m.id desc limit $${params.push(perPage)} offset $${params.push(offset)}
      ) m left join media md on md.id = m.media_id
      order by m.created_at desc, m.id desc`;
    // A search is planned for its words: a prepared statement switches to a generic plan after five runs, and
    // for a full-text search that plan cannot know how common the words are and reads every match to sort
    // them (40 ms for a common word in 200,000 messages) where walking the list's index takes 0.3 ms. It goes
    // as an unnamed statement, planned for its values: one more round trip than a prepared one, where a
    // transaction setting plan_cache_mode took three more (the first search of a word: p95 under 10 ms).
    return sql.unsafe<MessageRow[]>(text, params, { prepare: !q.search });
  };
  const read = async () => q.search ? await pageOf(await spelledOut(sql, q)) : await pageOf();
  // Both at once: on a pool (PostgreSQL server) the page and its total run in parallel.
  if (counts) {
    const [rows, all] = await Promise.all([read(), counts]);
    return { rows, total: all[q.filter] };
  }
  if (q.search && !narrowed(q)) {
    // The kept counts of a search give its total before the page: a page past it is not read, such as the
    // page of a search that matches nothing in the tab (7 ms at 200,000 messages, bench/inbox.ts).
    const kept = await keptSearchCounts(sql, q);
    if (kept.counts) {
      const total = kept.counts[q.filter];
      return { rows: total > offset ? await read() : [], total };
    }
    const [rows, all] = await Promise.all([read(), countSearch(sql, q, kept)]);
    return { rows, total: all[q.filter] };
  }
  const [rows, total] = await Promise.all([read(), countTab(sql, q)]);
  return { rows, total };
}

/** The number of messages of each tab, and the unread ones (not in the trash). */
export async function countMessages(
  sql: Db,
  q: Omit<MessageQuery, "filter">,
): Promise<Record<InboxFilter | "unread", number>> {
  // a search counts Uploaded with the other tabs (032_search_uploaded.sql)
  if (q.search && !narrowed(q)) return await searchCounts(sql, q);
  const [tabs, uploaded] = await Promise.all([
    narrowed(q) ? scanCounts(sql, q) : tabCounts(sql, q),
    countUploaded(sql, q),
  ]);
  return { ...tabs, uploaded };
}

/**
 * The Uploaded tab of a query, counted from the delivered messages of the channel, whatever else narrows the
 * list (the words of a narrowed search are read in messages, where they are a tsvector already): one lookup
 * by id per delivered message, under any plan.
 */
async function countUploaded(sql: Db, q: Omit<MessageQuery, "filter">): Promise<number> {
  const [{ uploaded }] = await sql<{ uploaded: number }[]>`${uploadedCountOf(sql, q)}`;
  return uploaded;
}

/** The query of countUploaded(). */
export function uploadedCountOf(sql: Db, q: Omit<MessageQuery, "filter">) {
  const cond = where(sql, { ...q, filter: null });
  return sql`
    with delivered as materialized (
      select distinct d.message_id from deliveries d where d.status = 'success'
        ${q.channelId !== null ? sql`and d.channel_id = ${q.channelId}` : sql``})
    select count(*)::int as uploaded from delivered d, lateral (
      -- offset 0 keeps this a lookup by id per delivered message (the planner may not flatten it)
      select 1 from messages m where m.id = d.message_id and ${cond} and ${sql.unsafe(FILTER_SQL.uploaded)}
      offset 0) found`;
}

/** The counts of tabCounts() by reading the messages, in one scan: a narrowed list (the tests also hold the
 * counters and message_search to it). */
export async function scanCounts(
  sql: Db,
  q: Omit<MessageQuery, "filter">,
): Promise<Record<CountedTab, number>> {
  const [row] = await sql<Record<CountedTab, number>[]>`
    select
      count(*) filter (where ${sql.unsafe(FILTER_SQL.all)})::int as all,
      count(*) filter (where ${sql.unsafe(FILTER_SQL.liked)})::int as liked,
      count(*) filter (where ${sql.unsafe(FILTER_SQL.archive)})::int as archive,
      count(*) filter (where ${sql.unsafe(FILTER_SQL.moderated)})::int as moderated,
      count(*) filter (where ${sql.unsafe(FILTER_SQL.winner)})::int as winner,
      count(*) filter (where ${sql.unsafe(FILTER_SQL.trash)})::int as trash,
      count(*) filter (where not m.read and m.status <> 'trash')::int as unread
    from messages m where ${where(sql, { ...q, filter: null })}`;
  return row;
}

/** One message with its media, or null. */
export async function getMessage(sql: Db, id: number): Promise<MessageRow | null> {
  const [row] = await sql<MessageRow[]>`
    select ${sql.unsafe(COLUMNS)} from messages m left join media md on md.id = m.media_id
    where m.id = ${id}`;
  return row ?? null;
}

/** The message locked for an update inside a transaction, or null. */
export async function lockMessage(tx: Db, id: number): Promise<MessageRow | null> {
  const [row] = await tx<MessageRow[]>`
    select ${tx.unsafe(COLUMNS)} from messages m left join media md on md.id = m.media_id
    where m.id = ${id} for update of m`;
  return row ?? null;
}

/** The replies of a message, oldest first. */
export async function listReplies(sql: Db, messageId: number): Promise<ReplyRow[]> {
  return await sql<ReplyRow[]>`
    select id, message_id, type, text, recording_url, duration_ms, author_user_id, created_at, delivery_status
    from replies where message_id = ${messageId} order by created_at, id`;
}

/** Sets state columns of one message. */
export async function updateMessageState(
  sql: Db,
  id: number,
  values: Partial<MessageState & { comment: string | null }>,
): Promise<void> {
  if (!Object.keys(values).length) return;
  await sql`update messages set ${sql(values)}, updated_at = now() where id = ${id}`;
}

/** Marks messages of the channel read; returns the ids found in the scope. */
export async function markRead(sql: Db, channelId: number | null, ids: number[]): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    update messages m set read = true, updated_at = now()
    where ${where(sql, { channelId, ids })} returning m.id`;
  return rows.map((r) => r.id);
}

/** The ids among `ids` that exist in the scope. */
export async function idsInScope(sql: Db, channelId: number | null, ids: number[]): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`select m.id from messages m where ${
    where(sql, { channelId, ids })
  }`;
  return rows.map((r) => r.id);
}

/** Sets `values` on every message the query matches (a bulk action, lib/rules/inbox.ts); returns how many changed in each channel. */
export async function bulkUpdate(
  sql: Db,
  q: MessageQuery,
  values: Partial<MessageState>,
): Promise<{ channel_id: number; count: number }[]> {
  // counted per channel: a super administrator's bulk action is logged in each channel it touched
  return await sql<{ channel_id: number; count: number }[]>`
    with changed as (
      update messages m set ${sql(values)}, updated_at = now()
      where ${where(sql, q)} returning m.channel_id
    )
    select channel_id::int as channel_id, count(*)::int as count from changed
    group by channel_id order by channel_id`;
}

/** Sets moderation columns on the given messages of the scope; returns the ids changed. */
export async function moderate(
  sql: Db,
  channelId: number | null,
  ids: number[],
  values: Partial<MessageState>,
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    update messages m set ${sql(values)}, updated_at = now()
    where ${where(sql, { channelId, ids })} and m.moderation = 'pending' returning m.id`;
  return rows.map((r) => r.id);
}

/** Stores a reply and flags the message has_reply, in one transaction; returns the reply id. */
export async function insertReply(sql: Sql, reply: {
  messageId: number;
  channelId: number;
  userId: number;
  type: "text" | "voice";
  text: string | null;
  mediaId?: string | null;
  recordingUrl?: string | null;
  /** the line it goes back through (queued for sending), migration 066 */
  lineId?: number | null;
}): Promise<number> {
  return await sql.begin(async (tx) => {
    const lineId = reply.lineId ?? null;
    const [row] = await tx<{ id: number }[]>`
      insert into replies (message_id, channel_id, author_user_id, type, text, media_id, recording_url, line_id,
        delivery_status)
      values (${reply.messageId}, ${reply.channelId}, ${reply.userId}, ${reply.type}, ${reply.text},
        ${reply.mediaId ?? null}, ${reply.recordingUrl ?? null}, ${lineId}, ${
      lineId === null ? null : "queued"
    })
      returning id::int as id`;
    await tx`update messages set has_reply = true, read = true, updated_at = now() where id = ${reply.messageId}`;
    return row.id;
  }) as number;
}
