import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { listChannelWidgets } from "../../../lib/widgets/configs.ts";

const widgetSchema = z.object({
  id: z.number(),
  name: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  background: z.string().nullable(),
  segment_id: z.number().nullable(),
  site_ref: z.string().nullable(),
  url: z.string(),
  embed: z.string(),
}).passthrough();

const app = staffApi();

/** GET /api/v1/widgets/channel/{channelId}: the saved widget configurations with their embed code. */
app.openapi(
  createRoute({
    method: "get",
    path: "/channel/{channelId}",
    tags: ["widgets"],
    summary: "Widget configurations of a channel with their iframe embed code",
    request: { params: z.object({ channelId: z.coerce.number().int().positive() }) },
    responses: { 200: json(z.array(widgetSchema), "Widgets"), ...staffErrors },
  }),
  async (c) => {
    const { channelId } = c.req.valid("param");
    const base = publicUrl(c.var.deps.config);
    return c.json(await listChannelWidgets(c.var.sql, staffOf(c), channelId, base), 200);
  },
);

export default app;
