// The statistics rollups (020_statistics_rollups.sql): every channel rolled by the worker on a schedule.
import type { Sql } from "postgres";
import { channelsToRoll, rollChannelStatistics } from "../../db/statistics.ts";
import { log } from "../platform/log.ts";

/**
 * Rolls every channel's statistics: the first run backfills each channel's history, later ones roll
 * yesterday again and the older days a late change marked. A channel that fails is logged and left for
 * the next run. Returns the days rolled.
 */
export async function rollStatistics(sql: Sql, now = new Date()): Promise<number> {
  let days = 0;
  for (const channelId of await channelsToRoll(sql)) {
    try {
      days += await rollChannelStatistics(sql, channelId, now);
    } catch (error) {
      log.error("statistics rollup failed", { channel_id: channelId, error });
    }
  }
  return days;
}
