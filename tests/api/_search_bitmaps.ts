// What the tests of the search bitmaps (031_search_bitmaps.sql) compare them with: the bitmaps rebuilt from
// message_search.
import type { Db } from "../../db/client.ts";

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
