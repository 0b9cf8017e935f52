// One phone line: change it (the interaction it feeds now, new credentials) or remove it.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { lineInputSchema, lineSchema } from "../../../../lib/rules/lines.ts";
import { deleteLine, updateLine } from "../../../../lib/lines/service.ts";

const tags = ["lines"];
const params = z.object({ id: idParam });

const app = staffApi("channel-settings");

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary: "Change a line; credentials left out keep the sealed ones",
    request: {
      params,
      body: { content: { "application/json": { schema: lineInputSchema } }, required: true },
    },
    responses: { 200: json(lineSchema, "The line"), ...staffErrors, 422: json(errorSchema, "Invalid") },
  }),
  async (c) =>
    c.json(await updateLine(c.var.deps, staffOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    tags,
    summary: "Remove a line",
    request: { params },
    responses: { 204: { description: "Removed" }, ...staffErrors },
  }),
  async (c) => {
    await deleteLine(c.var.deps, staffOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  },
);

export default app;
