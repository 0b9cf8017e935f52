// What the webhook page reads besides the endpoints.
import type { Sql } from "postgres";
import { getChannel } from "../../db/channels.ts";

export async function getChannelLabel(sql: Sql, id: number): Promise<string> {
  return (await getChannel(sql, id))?.label ?? "";
}
