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
} from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { MEDIA_MAX_BYTES } from "../../../../../lib/rules/constants.ts";
import { deleteBackground, segmentFor, storeBackground } from "../../../../../lib/segments/service.ts";
import { enqueueImageVariants } from "../../../../../lib/media/image_variants.ts";
import { segmentBackground } from "../../../../../lib/segments/reads.ts";

const params = z.object({ id: idParam });
const out = z.object({
  id: z.number(),
  background_url: z.string().nullable(),
  background_kind: z.string().nullable(),
});

const app = staffApi();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["show_segments"],
    summary: "Upload the background (multipart field file: png, jpg, mp4 or webm; 10 MB)",
    request: {
      params,
      body: { content: multipartBody({ file: "binary", image: "binary", video: "binary" }), required: true },
    },
    responses: {
      200: json(out, "The interaction's background"),
      ...staffErrors,
      413: json(errorSchema, "File larger than 10 MB"),
      415: json(errorSchema, "Not a png, jpg, mp4 or webm file"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const user = staffOf(c);
    await segmentFor(c.var.sql, user, id);
    const form = await readUploadForm(c.req, MEDIA_MAX_BYTES);
    const file = form.get("file") ?? form.get("image") ?? form.get("video");
    const url = await storeBackground(c.var.sql, c.var.deps.storage, user, id, file);
    await enqueueImageVariants(c.var.deps.boss, url);
    return c.json(await segmentBackground(c.var.sql, user, id), 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    tags: ["show_segments"],
    summary: "Remove the background",
    request: { params },
    responses: { 200: json(out, "The interaction's background"), ...staffErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const user = staffOf(c);
    await deleteBackground(c.var.sql, c.var.deps.storage, user, id);
    return c.json(await segmentBackground(c.var.sql, user, id), 200);
  },
);

export default app;
