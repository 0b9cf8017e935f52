// The welcome help item (back-office help): shown once to each staff user in their language, written by
// a super administrator (help-items-edit) in each language with an image or a video, and commented on.
import type { Sql } from "postgres";
import * as help from "../../db/help_items.ts";
import { AppError } from "../rules/errors.ts";
import { imagesWithoutAlt, renderMarkdown } from "../rules/markdown.ts";
import { isSuperAdministrator, requireAccess, type StaffUser } from "../rules/permissions.ts";
import { welcomeSteps } from "../rules/welcome_steps.ts";
import { checkUpload } from "../media/upload.ts";
import type { Storage } from "../media/storage.ts";
import { forgetMedia, storeUpload } from "../media/stored.ts";

export const WELCOME = "welcome";

const versionView = ({ id, language, title, body_markdown, image_url, video_url }: help.HelpItemRow) => ({
  id,
  language,
  title,
  body_markdown,
  image_url,
  video_url,
});

const commentView = (r: help.HelpCommentRow) => ({
  id: r.id,
  text: r.text,
  author: r.author,
  created_at: r.created_at.toISOString(),
});

/**
 * The welcome item in `language` as HTML, with whether the user has seen it and the first steps their role
 * allows; null when none is written.
 */
export async function welcomeItem(sql: Sql, user: StaffUser, language: string) {
  const item = await help.getHelpItemFor(sql, WELCOME, language);
  if (!item) return null;
  return {
    id: item.id,
    key: item.key,
    language: item.language,
    title: item.title,
    html: renderMarkdown(item.body_markdown),
    image_url: item.image_url,
    video_url: item.video_url,
    seen: await help.hasSeenHelpItem(sql, user.id, WELCOME),
    steps: welcomeSteps(user),
  };
}

/** Records that the user has seen the welcome item. */
export async function markWelcomeSeen(sql: Sql, user: StaffUser): Promise<void> {
  await help.markHelpItemSeen(sql, user.id, WELCOME);
}

/** Every language version of the welcome item (help-items-edit). */
export async function welcomeVersions(sql: Sql, user: StaffUser) {
  requireAccess(user, "help-items-edit");
  return (await help.listHelpItemVersions(sql, WELCOME)).map(versionView);
}

/** Writes the welcome item in one language (help-items-edit). */
export async function writeWelcome(
  sql: Sql,
  user: StaffUser,
  language: string,
  body: { title: string; body_markdown: string },
) {
  requireAccess(user, "help-items-edit");
  if (imagesWithoutAlt(body.body_markdown) > 0) {
    throw new AppError(422, "image_alt_missing", {}, { body_markdown: ["image_alt_missing"] });
  }
  return versionView(await help.upsertHelpItem(sql, { key: WELCOME, language, ...body, userId: user.id }));
}

async function editableItem(sql: Sql, user: StaffUser, id: number) {
  requireAccess(user, "help-items-edit");
  const item = await help.getHelpItem(sql, id);
  if (!item) throw new AppError(404, "not_found");
  return item;
}

/**
 * Attaches an image (png, jpg) or a video (mp4, webm) to a help item, replacing the former one. The file
 * is read by `readFile` only once the item is known (a 404 reads no body).
 */
export async function attachHelpMedia(
  sql: Sql,
  storage: Storage,
  user: StaffUser,
  id: number,
  which: "image" | "video",
  readFile: () => Promise<unknown>,
) {
  const item = await editableItem(sql, user, id);
  const upload = await checkUpload(await readFile(), { video: which === "video" });
  if ((which === "video") !== (upload.type.kind === "video")) {
    throw new AppError(415, which === "video" ? "file_type_video" : "file_type_image");
  }
  const column = which === "image" ? "image_url" : "video_url";
  const url = await storeUpload(sql, storage, upload, {
    folder: `help/${item.id}`,
    name: which,
    channelId: null,
  });
  await help.setHelpItemMedia(sql, item.id, { [column]: url });
  await forgetMedia(sql, storage, item[column]);
  return versionView({ ...item, [column]: url });
}

/** Removes a help item's image or video. */
export async function removeHelpMedia(
  sql: Sql,
  storage: Storage,
  user: StaffUser,
  id: number,
  which: "image" | "video",
) {
  const item = await editableItem(sql, user, id);
  const column = which === "image" ? "image_url" : "video_url";
  await help.setHelpItemMedia(sql, item.id, { [column]: null });
  await forgetMedia(sql, storage, item[column]);
}

async function itemOf(sql: Sql, id: number) {
  const item = await help.getHelpItem(sql, id);
  if (!item) throw new AppError(404, "not_found");
  return item;
}

/** Comments on a help item: all of them for a super administrator, else the user's own. */
export async function helpComments(sql: Sql, user: StaffUser, id: number) {
  const rows = await help.listHelpComments(sql, (await itemOf(sql, id)).id);
  return (isSuperAdministrator(user) ? rows : rows.filter((r) => r.user_id === user.id)).map(commentView);
}

/** Adds the user's comment to a help item. */
export async function addHelpComment(sql: Sql, user: StaffUser, id: number, text: string) {
  const row = await help.insertHelpComment(sql, (await itemOf(sql, id)).id, user.id, text);
  const author = `${user.first_name ?? ""} ${user.last_name ?? ""}`.trim() || user.login;
  return { id: row.id, text: row.text, author, created_at: row.created_at.toISOString() };
}

/** The /help-items editor: every version of the welcome item and all their comments, newest first. */
export async function loadHelpEditor(sql: Sql) {
  const versions = await help.listHelpItemVersions(sql, WELCOME);
  const comments =
    (await Promise.all(versions.map(async (v) =>
      (await help.listHelpComments(sql, v.id)).map((r) => ({
        id: r.id,
        language: v.language,
        text: r.text,
        author: r.author,
        created_at: r.created_at.toISOString(),
      }))
    ))).flat().sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { versions: versions.map(versionView), comments };
}
