import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, json, staffErrors } from "../../../app/api.ts";
import { requireStaff, staffOf } from "../../../app/auth.ts";
import { getChannel } from "../../../db/channels.ts";
import { getTemplateByModel, listTemplates, type TemplateRow } from "../../../db/templates.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { canAccessChannel } from "../../../lib/rules/permissions.ts";
import { allowedTypes } from "../../../lib/rules/segments.ts";

const tags = ["templates_show_segments"];
const templateSchema = z.object({
  id: z.number(),
  category: z.string(),
  type: z.string(),
  widget_model: z.string(),
  description: z.string(),
  allowed: z.boolean(),
}).passthrough();
const CATEGORIES = ["survey", "voice", "video", "image", "text", "game", "registration", "sms"] as const;

const app = apiApp();
app.use("*", requireStaff());

/** Templates a channel may use, each flagged `allowed` by the channel's interaction_available_* flags. */
async function templatesOf(c: Parameters<typeof staffOf>[0], channelId: number, category?: string) {
  if (!canAccessChannel(staffOf(c), channelId)) throw new AppError(404, "not_found");
  const channel = await getChannel(c.var.sql, channelId);
  if (!channel) throw new AppError(404, "not_found");
  const types: string[] = allowedTypes(channel as never);
  const rows = await listTemplates(c.var.sql, channelId, category);
  return rows.map((t: TemplateRow) => ({ ...t, allowed: types.includes(t.type) }));
}

app.openapi(
  createRoute({
    method: "get",
    path: "/channel/{channelId}",
    tags,
    summary: "Every template of a channel (wizard step 0)",
    request: { params: z.object({ channelId: z.coerce.number().int().positive() }) },
    responses: { 200: json(z.array(templateSchema), "Templates"), ...staffErrors },
  }),
  async (c) => c.json(await templatesOf(c, c.req.valid("param").channelId), 200),
);

app.openapi(
  createRoute({
    method: "get",
    path: "/category/{category}/channel/{channelId}",
    tags,
    summary: "Templates of a category for a channel",
    request: {
      params: z.object({ category: z.enum(CATEGORIES), channelId: z.coerce.number().int().positive() }),
    },
    responses: { 200: json(z.array(templateSchema), "Templates"), ...staffErrors },
  }),
  async (c) => {
    const { category, channelId } = c.req.valid("param");
    return c.json(await templatesOf(c, channelId, category), 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/widget_model/{model}",
    tags,
    summary: "The template of a widget model",
    request: { params: z.object({ model: z.string().max(100) }) },
    responses: { 200: json(templateSchema.omit({ allowed: true }), "Template"), ...staffErrors },
  }),
  async (c) => {
    const user = staffOf(c);
    const template = await getTemplateByModel(c.var.sql, c.req.valid("param").model);
    if (!template || (template.channel_id !== null && !canAccessChannel(user, template.channel_id))) {
      throw new AppError(404, "not_found");
    }
    return c.json(template, 200);
  },
);

export default app;
