// Media that need no processing (pictures): recorded ready at once, and forgotten when their file goes.
import type { Db } from "./client.ts";

/** Records a stored upload that needs no processing (images), ready at once; returns its id. */
export async function insertReadyMedia(sql: Db, media: {
  channelId: number | null;
  kind: "image" | "video" | "audio";
  path: string;
  name: string;
  extension: string;
  contentType: string;
  size: number;
}): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into media (channel_id, kind, original_path, playable_path, original_name, extension, content_type,
      size_bytes, status)
    values (${media.channelId}, ${media.kind}, ${media.path}, ${media.path}, ${media.name.slice(0, 255)},
      ${media.extension}, ${media.contentType}, ${media.size}, 'ready')
    returning id`;
  return row.id;
}

/** Forgets the media row of a stored path (after the file is deleted). */
export async function deleteMediaByPath(sql: Db, path: string): Promise<void> {
  await sql`delete from media where original_path = ${path}`;
}
