import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { clientIp } from "../../../app/auth.ts";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { uploadKind } from "../../../lib/rules/participation.ts";
import { cleanupUploads, openUploadSlot, TUS_PATH } from "../../../lib/media/tus.ts";
import { UPLOAD_MAX_BYTES } from "../../../lib/rules/constants.ts";
import { enforceRateLimit } from "../../../lib/platform/rate_limit.ts";

/** Upload slots per client address and minute (each one reserves server disk). */
export const UPLOAD_RATE = { max: 30, windowSeconds: 60 };

const slotSchema = z.object({
  data_id: z.string(),
  url: z.string(),
  kind: z.enum(["audio", "video", "image"]),
  max_bytes: z.number(),
});
let lastCleanup = 0;

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["interactions"],
    summary: "Open an upload slot: data_id and the tus url to send the file to (metadata data_id)",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({
              extension: z.string().min(1).max(10),
              kind: z.enum(["audio", "video"]).optional(),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      201: json(slotSchema, "The slot"),
      400: json(errorSchema, "Invalid body"),
      415: json(errorSchema, "Extension not accepted"),
      429: json(errorSchema, "Too many upload slots"),
    },
  }),
  async (c) => {
    const { extension, kind: declared } = c.req.valid("json");
    const kind = uploadKind(extension, declared);
    if (!kind) throw new AppError(415, "upload_type");
    const deps = c.var.deps;
    const address = clientIp(c);
    await enforceRateLimit(c.var.sql, [`upload:ip:${address}`], UPLOAD_RATE);
    if (Date.now() - lastCleanup > 10 * 60_000) {
      lastCleanup = Date.now();
      cleanupUploads(deps).catch((error) => console.error("[upload cleanup]", error));
    }
    const dataId = await openUploadSlot(c.var.sql, kind, extension);
    const origin = deps.config.PUBLIC_URL ? publicUrl(deps.config) : new URL(c.req.url).origin;
    return c.json(
      { data_id: dataId, url: `${origin}${TUS_PATH}/`, kind, max_bytes: UPLOAD_MAX_BYTES[kind] },
      201,
    );
  },
);

export default app;
