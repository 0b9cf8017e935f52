import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  errorSchema,
  idParam,
  json,
  multipartBody,
  readUploadForm,
  staffApi,
  staffErrors,
} from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { LANGUAGES } from "../../../lib/rules/i18n.ts";
import { MEDIA_MAX_BYTES } from "../../../lib/rules/constants.ts";
import * as help from "../../../lib/help_items/service.ts";
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
  /** The first steps the caller's role allows (keys under help.steps. of the locales). */
  steps: z.array(z.string()),
});
const commentSchema = z.object({
  id: z.number(),
  text: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
});
const idParams = z.object({ id: idParam });

const app = staffApi();

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
    const item = await help.welcomeItem(c.var.sql, staffOf(c), c.var.lang);
    c.header("Cache-Control", "no-store");
    // None written yet: nothing to show (not an error the browser would log).
    if (!item) return c.body(null, 204);
    return c.json(item, 200);
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
    await help.markWelcomeSeen(c.var.sql, staffOf(c));
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
app.openapi(
  createRoute({
    method: "get",
    path: "/welcome/versions",
    tags,
    summary: "Every language version of the welcome item (super administrator)",
    responses: { 200: json(z.array(versionSchema), "Versions"), ...staffErrors },
  }),
  async (c) => {
    return c.json(await help.welcomeVersions(c.var.sql, staffOf(c)), 200);
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
    const { language } = c.req.valid("param");
    return c.json(await help.writeWelcome(c.var.sql, staffOf(c), language, c.req.valid("json")), 200);
  },
);

for (const which of ["image", "video"] as const) {
  app.openapi(
    createRoute({
      method: "post",
      path: `/{id}/${which}`,
      tags,
      summary: `Attach ${
        which === "image" ? "an image (png, jpg)" : "a video (mp4, webm)"
      } (multipart field ${which})`,
      request: {
        params: idParams,
        body: { content: multipartBody({ [which]: "binary" }, [which]), required: true },
      },
      responses: {
        200: json(versionSchema, "Saved"),
        ...staffErrors,
        413: json(errorSchema, "Too large"),
        415: json(errorSchema, "Wrong type"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const readFile = async () => (await readUploadForm(c.req, MEDIA_MAX_BYTES)).get(which);
      return c.json(
        await help.attachHelpMedia(c.var.sql, c.var.deps.storage, staffOf(c), id, which, readFile),
        200,
      );
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
      await help.removeHelpMedia(c.var.sql, c.var.deps.storage, staffOf(c), c.req.valid("param").id, which);
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
    return c.json(await help.helpComments(c.var.sql, staffOf(c), c.req.valid("param").id), 200);
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
    const { id } = c.req.valid("param");
    return c.json(await help.addHelpComment(c.var.sql, staffOf(c), id, c.req.valid("json").text), 201);
  },
);

export default app;
