import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { createSegment } from "../../../../lib/segments/service.ts";
import { segmentNewSchema } from "../../../../lib/rules/segment_schema.ts";

const app = staffApi("create-interaction");

/** PUT /api/v1/show_segments/new (segmentNew): a draft from a template; returns its id. */
app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags: ["show_segments"],
    summary: "Create a draft interaction from a template (its default_* flags applied)",
    request: { body: { content: { "application/json": { schema: segmentNewSchema } }, required: true } },
    responses: {
      201: json(z.object({ id: z.number() }), "The new draft"),
      ...staffErrors,
      422: json(errorSchema, "Type not allowed on this channel"),
    },
  }),
  async (c) => {
    const id = await createSegment(c.var.sql, staffOf(c), c.req.valid("json"));
    return c.json({ id }, 201);
  },
);

export default app;
