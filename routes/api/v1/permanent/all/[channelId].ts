import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, idParam, json, staffErrors } from "../../../../../app/api.ts";
import { permanentSegments, publicChannel } from "../../../../../lib/channels/widget.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["widget"],
    summary: "Permanent interactions of a channel, for the channel widget (public)",
    request: {
      params: z.object({ channelId: idParam }),
      query: z.object({
        active_only: z.enum(["true", "false"]).optional(),
        from_perm: z.string().max(10).optional(),
        interaction_id: idParam.optional(),
      }),
    },
    responses: {
      200: json(z.array(z.record(z.string(), z.unknown())), "The interactions, newest first"),
      400: staffErrors[400],
      404: staffErrors[404],
    },
  }),
  async (c) => {
    const { channelId } = c.req.valid("param");
    const query = c.req.valid("query");
    const { row } = await publicChannel(c.var.sql, channelId);
    const segments = await permanentSegments(c.var.sql, row, {
      now: c.var.deps.now?.() ?? new Date(),
      activeOnly: query.active_only !== "false",
      interactionId: query.interaction_id,
    });
    c.header("Cache-Control", "public, max-age=15");
    return c.json(segments, 200);
  },
);

export default app;
