// The webhooks of a channel, for staff with the channel-settings permission on that channel: add
// an endpoint (its secret shown once, in this answer only), remove it, list its deliveries with their last
// attempt, send a test event, send a delivery again.
import * as db from "../../db/webhooks.ts";
import { getChannel } from "../../db/channels.ts";
import { AppError } from "../rules/errors.ts";
import { requireAccess, type StaffUser } from "../rules/permissions.ts";
import { WEBHOOK_SECRET_OVERLAP_MS, WEBHOOKS_PER_CHANNEL } from "../rules/constants.ts";
import { newWebhookSecret } from "../rules/webhooks.ts";
import type { WebhookCreate } from "../rules/webhook_schema.ts";
import { endpointRefusal, queueDelivery, type WebhookDeps } from "./send.ts";

const DELIVERIES_SHOWN = 50;

/** The endpoint, when the user may manage its channel's settings (403 for another channel, 404 unknown). */
async function webhookFor(deps: WebhookDeps, user: StaffUser, id: number) {
  const hook = await db.getWebhook(deps.sql, id);
  if (!hook) throw new AppError(404, "not_found");
  requireAccess(user, "channel-settings", [hook.channel_id]);
  return hook;
}

async function channelFor(deps: WebhookDeps, user: StaffUser, channelId: number) {
  requireAccess(user, "channel-settings", [channelId]);
  if (!(await getChannel(deps.sql, channelId))) throw new AppError(404, "not_found");
}

export async function listWebhooks(deps: WebhookDeps, user: StaffUser, channelId: number) {
  await channelFor(deps, user, channelId);
  return await db.listWebhooks(deps.sql, channelId);
}

/** Adds an endpoint; the answer is the only one that ever holds its secret. */
export async function createWebhook(
  deps: WebhookDeps,
  user: StaffUser,
  channelId: number,
  body: WebhookCreate,
) {
  await channelFor(deps, user, channelId);
  if ((await db.countWebhooks(deps.sql, channelId)) >= WEBHOOKS_PER_CHANNEL) {
    throw new AppError(422, "webhook_limit");
  }
  const refusal = await endpointRefusal(body.url, deps.config.WEBHOOK_ALLOWED_HOSTS, deps.webhookNetwork);
  if (refusal) throw new AppError(422, refusal, {}, { url: [refusal] });
  const secret = newWebhookSecret();
  const row = await db.createWebhook(deps.sql, {
    channelId,
    url: body.url,
    events: [...new Set(body.events)],
    secret,
    createdBy: user.id,
  });
  return { ...row, secret };
}

/**
 * A new secret for an endpoint, answered once; the previous one keeps signing deliveries beside it for
 * WEBHOOK_SECRET_OVERLAP_MS, while the receiver is updated.
 */
export async function rotateWebhookSecret(deps: WebhookDeps, user: StaffUser, id: number, now = new Date()) {
  await webhookFor(deps, user, id);
  const secret = newWebhookSecret();
  const previousValidUntil = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS);
  await db.rotateWebhookSecret(deps.sql, id, secret, previousValidUntil);
  return { secret, previous_valid_until: previousValidUntil.toISOString() };
}

export async function deleteWebhook(deps: WebhookDeps, user: StaffUser, id: number) {
  await webhookFor(deps, user, id);
  await db.deleteWebhook(deps.sql, id);
}

/** The latest deliveries of an endpoint, each with its last attempt. */
export async function webhookDeliveries(deps: WebhookDeps, user: StaffUser, id: number) {
  const hook = await webhookFor(deps, user, id);
  return { webhook: hook, deliveries: await db.listDeliveries(deps.sql, id, DELIVERIES_SHOWN) };
}

/** Every attempt of one delivery of the endpoint. */
export async function deliveryAttempts(deps: WebhookDeps, user: StaffUser, id: number, deliveryId: number) {
  await webhookFor(deps, user, id);
  if ((await db.getDeliveryWebhookId(deps.sql, deliveryId)) !== id) throw new AppError(404, "not_found");
  return await db.listAttempts(deps.sql, deliveryId);
}

/** Sends a `webhook.test` event to the endpoint now. */
export async function sendTest(deps: WebhookDeps, user: StaffUser, id: number) {
  const hook = await webhookFor(deps, user, id);
  const deliveryId = await db.insertDelivery(deps.sql, {
    webhookId: id,
    event: "webhook.test",
    payload: { webhook_id: hook.id, message: "Test event from Interaction Manager" },
  });
  await queueDelivery(deps.boss, deliveryId);
  return { delivery_id: deliveryId };
}

/** "Send again": the same event, a new series of attempts from now. */
export async function redeliver(deps: WebhookDeps, user: StaffUser, id: number, deliveryId: number) {
  await webhookFor(deps, user, id);
  if ((await db.getDeliveryWebhookId(deps.sql, deliveryId)) !== id) throw new AppError(404, "not_found");
  await db.resetDelivery(deps.sql, deliveryId);
  await queueDelivery(deps.boss, deliveryId);
  return { delivery_id: deliveryId };
}
