// A channel's phone lines (WhatsApp, SMS, voicemail): list and add. Credentials go in, never out.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { lineInputSchema, lineSchema } from "../../../../../lib/rules/lines.ts";
import { createLine, listLines } from "../../../../../lib/lines/service.ts";
import { audit } from "../../../../../app/audit.ts";

const tags = ["lines"];
const params = z.object({ id: idParam });

const app = staffApi("channel-settings");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The phone lines of a channel (never their credentials)",
    request: { params },
    responses: { 200: json(z.array(lineSchema), "Lines"), ...staffErrors },
  }),
  async (c) => c.json(await listLines(c.var.deps, staffOf(c), c.req.valid("param").id), 200),
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Connect a line: its provider's credentials (sealed) and the interaction it feeds",
    request: {
      params,
      body: { content: { "application/json": { schema: lineInputSchema } }, required: true },
    },
    responses: {
      201: json(lineSchema, "The line"),
      ...staffErrors,
      422: json(errorSchema, "Missing or wrong credentials, or another channel's interaction"),
    },
  }),
  async (c) => {
    const channelId = c.req.valid("param").id;
    const line = await createLine(c.var.deps, staffOf(c), channelId, c.req.valid("json"));
    await audit(c, "line_created", { object: ["line", line.id], channelId });
    return c.json(line, 201);
  },
);

export default app;
