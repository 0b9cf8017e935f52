// A channel's webhooks: list and add (the secret is in the creation's answer only).
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { webhookCreateSchema, webhookSchema } from "../../../../../lib/rules/webhook_schema.ts";
import { createWebhook, listWebhooks } from "../../../../../lib/webhooks/service.ts";

import { audit } from "../../../../../app/audit.ts";

const tags = ["webhooks"];
const params = z.object({ id: idParam });

const app = staffApi("channel-settings");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The webhook endpoints of a channel (never their secrets)",
    request: { params },
    responses: { 200: json(z.array(webhookSchema), "Endpoints"), ...staffErrors },
  }),
  async (c) => {
    const hooks = await listWebhooks(c.var.deps, staffOf(c), c.req.valid("param").id);
    return c.json(hooks.map((h) => ({ ...h, created_at: h.created_at.toISOString() })), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Add a webhook endpoint: an https URL and its events; the answer holds the signing secret, once",
    request: {
      params,
      body: { content: { "application/json": { schema: webhookCreateSchema } }, required: true },
    },
    responses: {
      201: json(
        webhookSchema.extend({ secret: z.string() }),
        "The endpoint and its secret (shown this once)",
      ),
      ...staffErrors,
      422: json(
        errorSchema,
        "Not https, a private or loopback address, an unknown host, or too many endpoints",
      ),
    },
  }),
  async (c) => {
    const channelId = c.req.valid("param").id;
    const hook = await createWebhook(c.var.deps, staffOf(c), channelId, c.req.valid("json"));
    await audit(c, "webhook_created", { object: ["webhook", hook.id], channelId });
    c.header("Cache-Control", "no-store");
    return c.json({ ...hook, created_at: hook.created_at.toISOString() }, 201);
  },
);

export default app;
