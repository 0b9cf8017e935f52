import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { templateByModel, templatesFor } from "../../../lib/segments/templates.ts";

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

const app = staffApi();

app.openapi(
  createRoute({
    method: "get",
    path: "/channel/{channelId}",
    tags,
    summary: "Every template of a channel (wizard step 0)",
    request: { params: z.object({ channelId: z.coerce.number().int().positive() }) },
    responses: { 200: json(z.array(templateSchema), "Templates"), ...staffErrors },
  }),
  async (c) => c.json(await templatesFor(c.var.sql, staffOf(c), c.req.valid("param").channelId), 200),
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
    return c.json(await templatesFor(c.var.sql, staffOf(c), channelId, category), 200);
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
    return c.json(await templateByModel(c.var.sql, staffOf(c), c.req.valid("param").model), 200);
  },
);

export default app;
