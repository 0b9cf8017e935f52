// The oEmbed read: an interaction a station's page may embed, from its public address.
import type { Db } from "./client.ts";

/** Title and widget address parts of a segment by id or uuid (public: ready, published or archived). */
export async function findEmbeddableSegment(
  sql: Db,
  by: { id: number } | { uuid: string },
): Promise<{ id: number; channel_id: number; title: string; channel_label: string } | null> {
  const [row] = await sql<{ id: number; channel_id: number; title: string; channel_label: string }[]>`
    select s.id, s.channel_id, s.title, c.label as channel_label
    from segments s join channels c on c.id = s.channel_id
    where ${"id" in by ? sql`s.id = ${by.id}` : sql`s.uuid = ${by.uuid}`}
      and s.status in ('ready', 'published', 'archived')`;
  return row ?? null;
}
