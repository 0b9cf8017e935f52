import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json, readUploadForm, staffErrors } from "../../../app/api.ts";
import { requireStaff, staffOf } from "../../../app/auth.ts";
import * as help from "../../../db/help_items.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { LANGUAGES } from "../../../lib/rules/i18n.ts";
import { renderMarkdown } from "../../../lib/rules/markdown.ts";
import { checkUpload } from "../../../lib/media/upload.ts";
import { forgetMedia, storeUpload } from "../../../lib/media/stored.ts";
import { MEDIA_MAX_BYTES } from "../../../lib/rules/constants.ts";
import { isSuperAdministrator, requireAccess } from "../../../lib/rules/permissions.ts";

const WELCOME = "welcome";
const tags = ["help_item"];
const itemSchema = z.object({
  id: z.number(),
  key: z.string(),
  language: z.string(),
  title: z.string(),
  html: z.string(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  seen: z.boolean(),
});
const commentSchema = z.object({
  id: z.number(),
  text: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
});
const idParams = z.object({ id: idParam });

const app = apiApp();
app.use("*", requireStaff());

app.openapi(
  createRoute({
    method: "get",
    path: "/welcome",
    tags,
    summary: "The welcome help item in the caller's language, and whether the caller has seen it",
    responses: {
      200: json(itemSchema, "The item"),
      204: { description: "No welcome item yet" },
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const item = await help.getHelpItemFor(c.var.sql, WELCOME, c.var.lang);
    c.header("Cache-Control", "no-store");
    // None written yet: nothing to show (not an error the browser would log).
    if (!item) return c.body(null, 204);
    return c.json({
      id: item.id,
      key: item.key,
      language: item.language,
      title: item.title,
      html: renderMarkdown(item.body_markdown),
      image_url: item.image_url,
      video_url: item.video_url,
      seen: await help.hasSeenHelpItem(c.var.sql, user.id, WELCOME),
    }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/welcome/seen",
    tags,
    summary: "Records that the caller has seen the welcome help item (shown once)",
    responses: { 204: { description: "Recorded" }, ...staffErrors },
  }),
  async (c) => {
    await help.markHelpItemSeen(c.var.sql, staffOf(c).id, WELCOME);
    return c.body(null, 204);
  },
);

const versionSchema = z.object({
  id: z.number(),
  language: z.string(),
  title: z.string(),
  body_markdown: z.string(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
});
function requireEditor(c: Parameters<typeof staffOf>[0]) {
  requireAccess(staffOf(c), "help-items-edit");
}

app.openapi(
  createRoute({
    method: "get",
    path: "/welcome/versions",
    tags,
    summary: "Every language version of the welcome item (super administrator)",
    responses: { 200: json(z.array(versionSchema), "Versions"), ...staffErrors },
  }),
  async (c) => {
    requireEditor(c);
    const rows = await help.listHelpItemVersions(c.var.sql, WELCOME);
    return c.json(
      rows.map(({ id, language, title, body_markdown, image_url, video_url }) => ({
        id,
        language,
        title,
        body_markdown,
        image_url,
        video_url,
      })),
      200,
    );
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/welcome/{language}",
    tags,
    summary: "Write the welcome item in one language (markdown; super administrator)",
    request: {
      params: z.object({ language: z.enum(LANGUAGES) }),
      body: {
        content: {
          "application/json": {
            schema: z.object({
              title: z.string().trim().min(1).max(200),
              body_markdown: z.string().max(20_000),
            }).strict(),
          },
        },
        required: true,
      },
    },
    responses: { 200: json(versionSchema, "Saved"), ...staffErrors },
  }),
  async (c) => {
    requireEditor(c);
    const body = c.req.valid("json");
    const row = await help.upsertHelpItem(c.var.sql, {
      key: WELCOME,
      language: c.req.valid("param").language,
      ...body,
      userId: staffOf(c).id,
    });
    const { id, language, title, body_markdown, image_url, video_url } = row;
    return c.json({ id, language, title, body_markdown, image_url, video_url }, 200);
  },
);

for (const which of ["image", "video"] as const) {
  const column = which === "image" ? "image_url" : "video_url";
  app.openapi(
    createRoute({
      method: "post",
      path: `/{id}/${which}`,
      tags,
      summary: `Attach ${
        which === "image" ? "an image (png, jpg)" : "a video (mp4, webm)"
      } (multipart field ${which})`,
      request: { params: idParams },
      responses: {
        200: json(versionSchema, "Saved"),
        ...staffErrors,
        413: json(errorSchema, "Too large"),
        415: json(errorSchema, "Wrong type"),
      },
    }),
    async (c) => {
      requireEditor(c);
      const item = await help.getHelpItem(c.var.sql, c.req.valid("param").id);
      if (!item) throw new AppError(404, "not_found");
      const form = await readUploadForm(c.req, MEDIA_MAX_BYTES);
      const upload = await checkUpload(form.get(which), { video: which === "video" });
      if ((which === "video") !== (upload.type.kind === "video")) {
        throw new AppError(415, which === "video" ? "file_type_video" : "file_type_image");
      }
      const url = await storeUpload(c.var.sql, c.var.deps.storage, upload, {
        folder: `help/${item.id}`,
        name: which,
        channelId: null,
      });
      await help.setHelpItemMedia(c.var.sql, item.id, { [column]: url });
      await forgetMedia(c.var.sql, c.var.deps.storage, item[column]);
      const saved = (await help.getHelpItem(c.var.sql, item.id))!;
      const { id, language, title, body_markdown, image_url, video_url } = saved;
      return c.json({ id, language, title, body_markdown, image_url, video_url }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: "delete",
      path: `/{id}/${which}`,
      tags,
      summary: `Remove the ${which}`,
      request: { params: idParams },
      responses: { 204: { description: "Removed" }, ...staffErrors },
    }),
    async (c) => {
      requireEditor(c);
      const item = await help.getHelpItem(c.var.sql, c.req.valid("param").id);
      if (!item) throw new AppError(404, "not_found");
      await help.setHelpItemMedia(c.var.sql, item.id, { [column]: null });
      await forgetMedia(c.var.sql, c.var.deps.storage, item[column]);
      return c.body(null, 204);
    },
  );
}

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}/comments",
    tags,
    summary: "Comments on a help item (a super administrator sees all, others their own)",
    request: { params: idParams },
    responses: { 200: json(z.array(commentSchema), "Comments"), ...staffErrors },
  }),
  async (c) => {
    const user = staffOf(c);
    const item = await help.getHelpItem(c.var.sql, c.req.valid("param").id);
    if (!item) throw new AppError(404, "not_found");
    const rows = await help.listHelpComments(c.var.sql, item.id);
    const visible = isSuperAdministrator(user) ? rows : rows.filter((r) => r.user_id === user.id);
    return c.json(
      visible.map((r) => ({
        id: r.id,
        text: r.text,
        author: r.author,
        created_at: r.created_at.toISOString(),
      })),
      200,
    );
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/{id}/comments",
    tags,
    summary: "Comment on a help item",
    request: {
      params: idParams,
      body: {
        content: {
          "application/json": { schema: z.object({ text: z.string().trim().min(1).max(2000) }).strict() },
        },
        required: true,
      },
    },
    responses: { 201: json(commentSchema, "The comment"), ...staffErrors },
  }),
  async (c) => {
    const user = staffOf(c);
    const item = await help.getHelpItem(c.var.sql, c.req.valid("param").id);
    if (!item) throw new AppError(404, "not_found");
    const row = await help.insertHelpComment(c.var.sql, item.id, user.id, c.req.valid("json").text);
    const author = `${user.first_name ?? ""} ${user.last_name ?? ""}`.trim() || user.login;
    return c.json({ id: row.id, text: row.text, author, created_at: row.created_at.toISOString() }, 201);
  },
);

export default app;
