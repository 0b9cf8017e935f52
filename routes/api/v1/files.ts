import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { TUS_PATH, tusFor } from "../../../lib/media/tus.ts";
import { declareBodyLimit } from "../../../app/body_limit.ts";
import { UPLOAD_MAX_BYTES } from "../../../lib/rules/constants.ts";

// a part of an upload reaches the store as a stream, up to the largest upload (the store checks each slot's own)
declareBodyLimit(`${TUS_PATH}/*`, Math.max(...Object.values(UPLOAD_MAX_BYTES)));

/**
 * /api/v1/files/: the tus endpoint of resumable uploads (visitor-widget §7 Upload slot). The client
 * creates the upload with the metadata data_id of a slot from POST upload, then PATCHes the bytes.
 */
export default new Hono<AppEnv>().all("/*", async (c) => {
  const response = (await tusFor(c.var.deps)).server.handleWeb(c.req.raw);
  return response;
});
