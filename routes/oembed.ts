import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../app/api.ts";
import { publicUrl } from "../lib/platform/config.ts";
import { embedCode, fitSize, widgetTarget } from "../lib/rules/embed.ts";
import { AppError } from "../lib/rules/errors.ts";
import { getChannel } from "../db/channels.ts";
import { findEmbeddableSegment } from "../db/oembed.ts";

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
    let path: string, title: string, author: string;
    if (target.kind === "channel") {
      const channel = await getChannel(c.var.sql, target.channelId);
      if (!channel) throw new AppError(404, "not_found");
      [path, title, author] = [`/widgets/channel/${channel.id}/`, channel.label, channel.label];
    } else {
      const s = await findEmbeddableSegment(
        c.var.sql,
        target.kind === "share" ? { uuid: target.uuid } : { id: target.segmentId },
      );
      if (!s || (target.kind === "segment" && s.channel_id !== target.channelId)) {
        throw new AppError(404, "not_found");
      }
      [path, title, author] = [`/widgets/${s.channel_id}/${s.id}/`, s.title, s.channel_label];
    }
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
