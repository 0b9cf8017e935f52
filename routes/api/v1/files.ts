import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { tusFor } from "../../../lib/media/tus.ts";

/**
 * /api/v1/files/: the tus endpoint of resumable uploads (visitor-widget §7 Upload slot). The client
 * creates the upload with the metadata data_id of a slot from POST upload, then PATCHes the bytes.
 */
export default new Hono<AppEnv>().all("/*", async (c) => {
  const response = await tusFor(c.var.deps).server.handleWeb(c.req.raw);
  return response;
});
