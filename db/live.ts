// The cross-instance channel of live events: PostgreSQL LISTEN/NOTIFY on one notification channel.
// postgres.js keeps one dedicated connection for LISTEN and re-listens after a reconnect.
import type { Sql } from "postgres";
import { embeddedListeners } from "./client.ts";

/** The PostgreSQL notification channel every instance listens on. */
export const LIVE_CHANNEL = "im_live";

/** Sends one notification (payload under PostgreSQL's 8000-byte limit: ids and counts only). */
export async function notifyLive(sql: Sql, payload: string): Promise<void> {
  await sql.notify(LIVE_CHANNEL, payload);
}

/**
 * Listens to the live channel; the returned function stops listening. On the embedded database the one
 * connection listens (db/client.ts embeddedListeners).
 */
export async function listenLive(
  sql: Sql,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  const embedded = embeddedListeners.get(sql);
  if (embedded) return await embedded(LIVE_CHANNEL, onPayload);
  const { unlisten } = await sql.listen(LIVE_CHANNEL, onPayload);
  return unlisten;
}

/** The channel's unread and awaiting-moderation counts, from the inbox tab counters (the live counts stream of the back office). */
export async function channelCounts(
  sql: Sql,
  channelId: number,
): Promise<{ unread: number; moderation: number }> {
  const [row] = await sql<{ unread: number; moderation: number }[]>`
    select coalesce(sum(unread), 0)::int as unread, coalesce(sum(moderated), 0)::int as moderation
    from inbox_counts where channel_id = ${channelId}`;
  return row;
}
