// Which channels' public pages changed, as the database tells every instance (migration 026's
// trigger, on the live bus's notification channel): the render cache drops what it kept of them.
import type { Sql } from "postgres";
import { listenLive } from "../../db/live.ts";
import { PAGES_TOPIC, parseLiveEnvelope } from "../rules/live.ts";

/**
 * Calls `onChange(channelId)` for each committed change of a channel, a segment or its choices (0: any
 * channel); the returned function stops listening.
 */
export async function watchPublicPages(
  sql: Sql,
  onChange: (channelId: number) => void,
): Promise<() => Promise<void>> {
  return await listenLive(sql, (payload) => {
    const parsed = parseLiveEnvelope(payload);
    if (parsed?.topic === PAGES_TOPIC && parsed.event.kind === "page") onChange(parsed.event.channelId ?? 0);
  });
}
