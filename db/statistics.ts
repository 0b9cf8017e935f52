import type { Sql } from "postgres";

/** Unread messages of a channel (not in the trash), back-office §7 statistics/messages_not_read. */
export async function countUnreadMessages(sql: Sql, channelId: number): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from messages
    where channel_id = ${channelId} and not read and status <> 'trash'`;
  return row.count;
}
