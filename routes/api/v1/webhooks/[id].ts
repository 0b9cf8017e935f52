// One webhook endpoint: its deliveries and their attempts, a test event, "send again", a new secret,
// removal.
// Staff with the channel-settings permission on the endpoint's channel only.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { deliverySchema, webhookSchema } from "../../../../lib/rules/webhook_schema.ts";
import * as service from "../../../../lib/webhooks/service.ts";

import { audit } from "../../../../app/audit.ts";

const tags = ["webhooks"];
const params = z.object({ id: idParam });
const deliveryParams = z.object({ id: idParam, deliveryId: idParam });
const queued = z.object({ delivery_id: z.number() });
const iso = (d: Date | null) => d ? d.toISOString() : null;

const app = staffApi("channel-settings");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "An endpoint and its latest deliveries (50), each with its last attempt",
    request: { params },
    responses: {
      200: json(z.object({ webhook: webhookSchema, deliveries: z.array(deliverySchema) }), "Deliveries"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { webhook, deliveries } = await service.webhookDeliveries(
      c.var.deps,
      staffOf(c),
      c.req.valid("param").id,
    );
    return c.json({
      webhook: { ...webhook, created_at: webhook.created_at.toISOString() },
      deliveries: deliveries.map((d) => ({
        ...d,
        next_attempt_at: iso(d.next_attempt_at),
        created_at: d.created_at.toISOString(),
        last_attempt_at: iso(d.last_attempt_at),
      })),
    }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/rotate-secret",
    tags,
    summary: "A new signing secret, shown once; the previous one keeps signing beside it for 24 h",
    request: { params },
    responses: {
      200: json(
        z.object({ secret: z.string(), previous_valid_until: z.string() }),
        "The new secret, and until when deliveries also carry the previous one's signature",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const rotated = await service.rotateWebhookSecret(c.var.deps, staffOf(c), id);
    await audit(c, "webhook_secret_rotated", { object: ["webhook", id] });
    return c.json(rotated, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    tags,
    summary: "Remove an endpoint (its deliveries go with it)",
    request: { params },
    responses: { 204: { description: "Removed" }, ...staffErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await service.deleteWebhook(c.var.deps, staffOf(c), id);
    await audit(c, "webhook_deleted", { object: ["webhook", id] });
    return c.body(null, 204);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/test",
    tags,
    summary: "Send a webhook.test event to the endpoint now",
    request: { params },
    responses: { 202: json(queued, "Queued"), ...staffErrors },
  }),
  async (c) => c.json(await service.sendTest(c.var.deps, staffOf(c), c.req.valid("param").id), 202),
);

app.openapi(
  createRoute({
    method: "get",
    path: "/deliveries/{deliveryId}/attempts",
    tags,
    summary: "Every attempt of a delivery: HTTP status, duration, error",
    request: { params: deliveryParams },
    responses: {
      200: json(
        z.array(z.object({
          attempted_at: z.string(),
          status_code: z.number().nullable(),
          duration_ms: z.number(),
          error: z.string().nullable(),
        })),
        "Attempts, oldest first",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    const attempts = await service.deliveryAttempts(c.var.deps, staffOf(c), id, deliveryId);
    return c.json(attempts.map((a) => ({ ...a, attempted_at: a.attempted_at.toISOString() })), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/deliveries/{deliveryId}/redeliver",
    tags,
    summary: "Send a delivery again (the same event, new attempts from now)",
    request: { params: deliveryParams },
    responses: { 202: json(queued, "Queued"), ...staffErrors },
  }),
  async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    return c.json(await service.redeliver(c.var.deps, staffOf(c), id, deliveryId), 202);
  },
);

export default app;
