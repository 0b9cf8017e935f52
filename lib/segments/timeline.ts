// The timeline page (/timeline): a channel's segments and distribution slots over a period.
import type { Sql } from "postgres";
import { listSegmentsBetween } from "../../db/segments.ts";
import { listDiffusionBlocks } from "../../db/diffusion.ts";

/** The segments and the distribution blocks of a channel between `from` and `to`. */
export async function loadTimeline(sql: Sql, channelId: number, from: Date, to: Date) {
  const [segments, blocks] = await Promise.all([
    listSegmentsBetween(sql, channelId, from, to),
    listDiffusionBlocks(sql, channelId, from, to),
  ]);
  return { segments, blocks };
}
