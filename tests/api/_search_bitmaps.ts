// What the tests of the search bitmaps (031_search_bitmaps.sql, 032_search_uploaded.sql) compare them with: the
// bitmaps rebuilt from message_search, and the Uploaded tab counted from the messages; and each of the two
// queries the inbox counts a new search with (db/inbox.ts countSearch()), run alone.
import type { Db } from "../../db/client.ts";
import { bitCountsOf, combinationsOf, FILTER_SQL, type MessageQuery, TAB_MASK } from "../../db/inbox.ts";

type SearchCounts = Record<keyof typeof TAB_MASK, number>;

/** The counts of a search from the bitmaps (bitCountsOf()), or null where they do not answer it. */
export async function searchBitCounts(
  sql: Db,
  q: Omit<MessageQuery, "filter">,
): Promise<SearchCounts | null> {
  const bits = bitCountsOf(sql, q);
  if (!bits) return null;
  const [{ prefixes_only, ...counts }] = await bits;
  return prefixes_only ? counts : null;
}

/** The counts of a search from message_search (combinationsOf()), each tab summing the combinations it is in. */
export async function searchIndexCounts(
  sql: Db,
  q: Omit<MessageQuery, "filter">,
  byScope = false,
): Promise<SearchCounts> {
  const combinations = await sql<{ tabs: number; n: number }[]>`${combinationsOf(sql, q, byScope)}`;
  return Object.fromEntries(
    Object.entries(TAB_MASK).map(([tab, mask]) => [
      tab,
      combinations.reduce((sum, c) => sum + ((c.tabs & mask) === mask ? c.n : 0), 0),
    ]),
  ) as SearchCounts;
}

/** How many lexeme bitmaps differ from those message_search gives (a missing row, or a row of zeros, too). */
export async function lexemeBitmapsUnlike(sql: Db): Promise<number> {
  const [{ unlike }] = await sql<{ unlike: number }[]>`
    with rebuilt as (
      select segment_id, lexeme, ord / 512 as chunk, bit_or(search_bit(ord)) as bits
      from message_search, unnest(string_to_array(words, ' ')) lexeme group by 1, 2, 3)
    select count(*)::int as unlike from rebuilt r full join search_bits b
      on b.segment_id = r.segment_id and b.lexeme = r.lexeme and b.chunk = r.chunk
    where r.bits is distinct from b.bits`;
  return unlike;
}

/** The Uploaded tab of a scope and a search (a tsquery), counted from the messages: what the counts must equal. */
export async function scanUploaded(
  sql: Db,
  scope: { channelId: number | null; segmentId?: number | null },
  search: string | null = null,
): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from messages m
    where ${
    scope.segmentId
      ? sql`m.segment_id = ${scope.segmentId}`
      : scope.channelId !== null
      ? sql`m.channel_id = ${scope.channelId}`
      : sql`true`
  } and ${sql.unsafe(FILTER_SQL.uploaded)}
      ${search ? sql`and m.search_vector @@ to_tsquery('simple', ${search})` : sql``}`;
  return n;
}
