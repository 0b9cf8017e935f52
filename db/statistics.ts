import type { Db } from "./client.ts";

/** Unread messages of a channel (not in the trash), back-office §7 statistics/messages_not_read. */
export async function countUnreadMessages(sql: Db, channelId: number): Promise<number> {
  // The inbox tab counters (007_inbox_tab_counts.sql) keep this number per segment.
  const [row] = await sql<{ count: number }[]>`
    select coalesce(sum(unread), 0)::int as count from inbox_counts where channel_id = ${channelId}`;
  return row.count;
}
