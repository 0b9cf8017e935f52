// Help items (the welcome help): their text per language, versions, picture, who has seen them, and staff
// comments.
import type { Db } from "./client.ts";

export interface HelpItemRow {
  id: number;
  key: string;
  language: string;
  title: string;
  body_markdown: string;
  image_url: string | null;
  video_url: string | null;
  updated_at: Date;
}

/** The help item of a key in a language, else in fr, else any language. */
export async function getHelpItemFor(sql: Db, key: string, language: string): Promise<HelpItemRow | null> {
  const [row] = await sql<HelpItemRow[]>`
    select id, key, language, title, body_markdown, image_url, video_url, updated_at from help_items
    where key = ${key}
    order by (language = ${language}) desc, (language = 'fr') desc, language
    limit 1`;
  return row ?? null;
}

/** Every language version of a help item key. */
export async function listHelpItemVersions(sql: Db, key: string): Promise<HelpItemRow[]> {
  return await sql<HelpItemRow[]>`
    select id, key, language, title, body_markdown, image_url, video_url, updated_at from help_items
    where key = ${key} order by language`;
}

/** The help item with that id. */
export async function getHelpItem(sql: Db, id: number): Promise<HelpItemRow | null> {
  const [row] = await sql<HelpItemRow[]>`
    select id, key, language, title, body_markdown, image_url, video_url, updated_at from help_items
    where id = ${id}`;
  return row ?? null;
}

/** Creates or replaces the text of a help item in one language; returns it. */
export async function upsertHelpItem(
  sql: Db,
  item: { key: string; language: string; title: string; body_markdown: string; userId: number },
): Promise<HelpItemRow> {
  const [row] = await sql<HelpItemRow[]>`
    insert into help_items (key, language, title, body_markdown, updated_by)
    values (${item.key}, ${item.language}, ${item.title}, ${item.body_markdown}, ${item.userId})
    on conflict (key, language) do update set title = excluded.title, body_markdown = excluded.body_markdown,
      updated_by = excluded.updated_by, updated_at = now()
    returning id, key, language, title, body_markdown, image_url, video_url, updated_at`;
  return row;
}

/** Sets (or clears with null) the image or the video of a help item. */
export async function setHelpItemMedia(
  sql: Db,
  id: number,
  media: { image_url?: string | null; video_url?: string | null },
): Promise<void> {
  await sql`update help_items set ${sql(media)}, updated_at = now() where id = ${id}`;
}

/** True when the user has already seen the help item key. */
export async function hasSeenHelpItem(sql: Db, userId: number, key: string): Promise<boolean> {
  const rows = await sql`select 1 from help_item_seen where user_id = ${userId} and help_item_key = ${key}`;
  return rows.length > 0;
}

/** Records that the user has seen the help item key (idempotent). */
export async function markHelpItemSeen(sql: Db, userId: number, key: string): Promise<void> {
  await sql`insert into help_item_seen (user_id, help_item_key) values (${userId}, ${key})
    on conflict do nothing`;
}

export interface HelpCommentRow {
  id: number;
  text: string;
  created_at: Date;
  user_id: number | null;
  author: string | null;
}

/** The comments of a help item, oldest first. */
export async function listHelpComments(sql: Db, helpItemId: number): Promise<HelpCommentRow[]> {
  return await sql<HelpCommentRow[]>`
    select c.id, c.text, c.created_at, c.user_id,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as author
    from help_item_comments c left join users u on u.id = c.user_id
    where c.help_item_id = ${helpItemId} order by c.created_at, c.id`;
}

/** Adds a comment to a help item. */
export async function insertHelpComment(
  sql: Db,
  helpItemId: number,
  userId: number,
  text: string,
): Promise<HelpCommentRow> {
  const [row] = await sql<HelpCommentRow[]>`
    insert into help_item_comments (help_item_id, user_id, text) values (${helpItemId}, ${userId}, ${text})
    returning id, text, created_at, user_id, null::text as author`;
  return row;
}
