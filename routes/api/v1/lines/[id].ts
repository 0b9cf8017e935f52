// One phone line: change it (the interaction it feeds now, new credentials) or remove it.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { lineInputSchema, lineSchema } from "../../../../lib/rules/lines.ts";
import { deleteLine, updateLine } from "../../../../lib/lines/service.ts";
import { audit } from "../../../../app/audit.ts";

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
  async (c) => {
    const { id } = c.req.valid("param");
    const changes = c.req.valid("json");
    const line = await updateLine(c.var.deps, staffOf(c), id, changes);
    // the names of what changed (credentials among them), never their values
    await audit(c, "line_changed", {
      object: ["line", id],
      details: { fields: Object.keys(changes).sort() },
    });
    return c.json(line, 200);
  },
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
    const { id } = c.req.valid("param");
    await deleteLine(c.var.deps, staffOf(c), id);
    await audit(c, "line_deleted", { object: ["line", id] });
    return c.body(null, 204);
  },
);

export default app;
