import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, json, staffErrors } from "../../../app/api.ts";
import { requireStaff, staffOf } from "../../../app/auth.ts";
import { getChannel } from "../../../db/channels.ts";
import { listWidgets } from "../../../db/widgets.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { canAccessChannel } from "../../../lib/rules/permissions.ts";
import { widgetEmbed } from "../../../lib/rules/share.ts";

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

const app = apiApp();
app.use("*", requireStaff());

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
    if (!canAccessChannel(staffOf(c), channelId) || !(await getChannel(c.var.sql, channelId))) {
      throw new AppError(404, "not_found");
    }
    const base = publicUrl(c.var.deps.config);
    const rows = await listWidgets(c.var.sql, channelId);
    return c.json(rows.map((w) => ({ ...w, ...widgetEmbed(base, w) })), 200);
  },
);

export default app;
