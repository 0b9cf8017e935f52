import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../app/api.ts";
import { publicUrl } from "../lib/platform/config.ts";
import { embedCode, fitSize, widgetTarget } from "../lib/rules/embed.ts";
import { AppError } from "../lib/rules/errors.ts";
import { embedOf } from "../lib/widgets/oembed.ts";

const app = apiApp();
const size = z.coerce.number().int().min(1).max(10_000).optional();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["widget"],
    summary: "oEmbed: the embed HTML of a widget or share link of this server",
    request: {
      query: z.object({
        url: z.string().min(1).max(2000),
        maxwidth: size,
        maxheight: size,
        format: z.enum(["json", "xml"]).optional(),
      }),
    },
    responses: {
      200: json(z.object({ type: z.literal("rich"), html: z.string() }).passthrough(), "oEmbed rich answer"),
      400: json(errorSchema, "Invalid query"),
      404: json(errorSchema, "Not a widget of this server"),
      501: json(errorSchema, "Only JSON is served"),
    },
  }),
  async (c) => {
    const q = c.req.valid("query");
    if (q.format === "xml") {
      return c.json({ message: c.var.t("errors.oembed_json_only"), code: "oembed_json_only" }, 501);
    }
    const base = publicUrl(c.var.deps.config);
    const target = widgetTarget(base, q.url);
    if (!target) throw new AppError(404, "not_found");
    const { path, title, author } = await embedOf(c.var.sql, target);
    const { width, height } = fitSize(q.maxwidth ?? null, q.maxheight ?? null);
    return c.json({
      version: "1.0",
      type: "rich" as const,
      provider_name: c.var.t("common.app_title"),
      provider_url: base,
      title,
      author_name: author,
      width,
      height,
      html: embedCode(base, path, { title, width, height }),
    }, 200);
  },
);

export default app;
