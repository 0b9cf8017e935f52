// The distribution timeline: a channel's slots (a space and the interaction it shows) between two dates,
// for the back office's timeline.
import type { Db } from "./client.ts";

/** A distribution slot of a channel with its space and segment (back-office §2 /timeline). */
export interface DiffusionBlockRow {
  id: number;
  label: string;
  starts_at: Date;
  ends_at: Date;
  space_name: string;
  space_kind: string;
  segment_id: number | null;
  segment_title: string | null;
}

/** The slots of a channel that meet [from, to), in time order. */
export async function listDiffusionBlocks(sql: Db, channelId: number, from: Date, to: Date) {
  return await sql<DiffusionBlockRow[]>`
    select b.id, b.label, b.starts_at, b.ends_at, d.name as space_name, d.kind as space_kind, b.segment_id,
      s.title as segment_title
    from diffusion_blocks b
    join diffusion_spaces d on d.id = b.diffusion_space_id
    left join segments s on s.id = b.segment_id
    where b.channel_id = ${channelId} and b.starts_at < ${to} and b.ends_at > ${from}
    order by b.starts_at, b.id`;
}
