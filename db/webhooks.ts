// Webhooks of the channels: endpoints, their deliveries and every attempt. The secret is read only
// by the job that signs (webhookForDelivery) and returned once, by createWebhook.
import type { Db, Json } from "./client.ts";
import type { WebhookMessageSource } from "../lib/rules/webhooks.ts";

/** An endpoint as staff see it (never its secret). */
export interface WebhookRow {
  id: number;
  channel_id: number;
  url: string;
  events: string[];
  created_at: Date;
}

export interface WebhookDeliveryRow {
  id: number;
  webhook_id: number;
  event: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
}

const webhookColumns = "id::int as id, channel_id::int as channel_id, url, events, created_at";

/** Adds an endpoint; returns it with its id. */
export async function createWebhook(
  sql: Db,
  values: { channelId: number; url: string; events: string[]; secret: string; createdBy: number | null },
): Promise<WebhookRow> {
  const [row] = await sql<WebhookRow[]>`
    insert into webhooks (channel_id, url, events, secret, created_by)
    values (${values.channelId}, ${values.url}, ${values.events}, ${values.secret}, ${values.createdBy})
    returning ${sql.unsafe(webhookColumns)}`;
  return row;
}

export async function countWebhooks(sql: Db, channelId: number): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from webhooks where channel_id = ${channelId}`;
  return row.n;
}

export async function listWebhooks(sql: Db, channelId: number): Promise<WebhookRow[]> {
  return await sql<WebhookRow[]>`
    select ${sql.unsafe(webhookColumns)} from webhooks where channel_id = ${channelId} order by id`;
}

export async function getWebhook(sql: Db, id: number): Promise<WebhookRow | null> {
  const [row] = await sql<WebhookRow[]>`select ${sql.unsafe(webhookColumns)} from webhooks where id = ${id}`;
  return row ?? null;
}

export async function deleteWebhook(sql: Db, id: number): Promise<void> {
  await sql`delete from webhooks where id = ${id}`;
}

/** The endpoints of the interaction's channel and the events each asked for. */
export async function webhooksOfSegment(
  sql: Db,
  segmentId: number,
): Promise<{ id: number; channel_id: number; events: string[] }[]> {
  return await sql<{ id: number; channel_id: number; events: string[] }[]>`
    select w.id::int as id, w.channel_id::int as channel_id, w.events
    from webhooks w join segments s on s.channel_id = w.channel_id
    where s.id = ${segmentId}`;
}

/** Records one event for one endpoint (status pending). */
export async function insertDelivery(
  sql: Db,
  values: { webhookId: number; event: string; payload: unknown },
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into webhook_deliveries (webhook_id, event, payload)
    values (${values.webhookId}, ${values.event}, ${sql.json(values.payload as Json)})
    returning id::int as id`;
  return row.id;
}

/** What the job needs to send a delivery: the endpoint's URL and secret and the stored body. */
export async function deliveryToSend(sql: Db, deliveryId: number) {
  const [row] = await sql<
    {
      id: number;
      webhook_id: number;
      channel_id: number;
      url: string;
      secret: string;
      /** The secret before the last rotation, while it is still valid (else null). */
      previous_secret: string | null;
      event: string;
      payload: unknown;
      attempts: number;
      created_at: Date;
    }[]
  >`
    select d.id::int as id, d.webhook_id::int as webhook_id, w.channel_id::int as channel_id, w.url, w.secret,
      case when w.previous_secret_until > now() then w.previous_secret end as previous_secret, d.event, d.payload, d.attempts, d.created_at
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.id = ${deliveryId}`;
  return row ?? null;
}

/**
 * Gives an endpoint a new secret; the current one stays valid until `previousUntil`. Returns whether the
 * endpoint exists.
 */
export async function rotateWebhookSecret(
  sql: Db,
  id: number,
  secret: string,
  previousUntil: Date,
): Promise<boolean> {
  const rows = await sql`
    update webhooks set previous_secret = secret, previous_secret_until = ${previousUntil}, secret = ${secret}
    where id = ${id} returning id`;
  return rows.length > 0;
}

/** Logs one attempt and sets the delivery's state. */
export async function recordAttempt(
  sql: Db,
  deliveryId: number,
  attempt: {
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    status: "pending" | "delivered" | "failed";
    nextAttemptAt: Date | null;
  },
): Promise<void> {
  await sql`
    with attempt as (
      insert into webhook_attempts (delivery_id, status_code, duration_ms, error)
      values (${deliveryId}, ${attempt.statusCode}, ${attempt.durationMs}, ${attempt.error})
    )
    update webhook_deliveries set attempts = attempts + 1, status = ${attempt.status},
      next_attempt_at = ${attempt.nextAttemptAt} where id = ${deliveryId}`;
}

/** "Send again": the delivery starts over (its attempts stay in the log). */
export async function resetDelivery(sql: Db, deliveryId: number): Promise<void> {
  await sql`update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now()
    where id = ${deliveryId}`;
}

export async function getDeliveryWebhookId(sql: Db, deliveryId: number): Promise<number | null> {
  const [row] = await sql<{ webhook_id: number }[]>`
    select webhook_id::int as webhook_id from webhook_deliveries where id = ${deliveryId}`;
  return row?.webhook_id ?? null;
}

/** The latest deliveries of an endpoint with their last attempt, newest first. */
export async function listDeliveries(
  sql: Db,
  webhookId: number,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return await sql<WebhookDeliveryRow[]>`
    select d.id::int as id, d.webhook_id::int as webhook_id, d.event, d.status, d.attempts, d.next_attempt_at,
      d.created_at, a.status_code as last_status_code, a.duration_ms as last_duration_ms, a.error as last_error,
      a.attempted_at as last_attempt_at
    from webhook_deliveries d
    left join lateral (
      select status_code, duration_ms, error, attempted_at from webhook_attempts
      where delivery_id = d.id order by id desc limit 1
    ) a on true
    where d.webhook_id = ${webhookId}
    order by d.id desc limit ${limit}`;
}

/** Every attempt of a delivery, oldest first. */
export async function listAttempts(sql: Db, deliveryId: number) {
  return await sql<
    { attempted_at: Date; status_code: number | null; duration_ms: number; error: string | null }[]
  >`select attempted_at, status_code, duration_ms, error from webhook_attempts
    where delivery_id = ${deliveryId} order by id`;
}

/** A message as a webhook may describe it: the public projection's columns, its id, vote and transcript. */
export type WebhookMessageRow = WebhookMessageSource & { channel_id: number; vote_integrity: string };

export async function webhookMessage(sql: Db, id: number): Promise<WebhookMessageRow | null> {
  const [row] = await sql<WebhookMessageRow[]>`
    select m.id::int as id, m.channel_id::int as channel_id, m.segment_id::int as segment_id, m.type,
      m.created_at, m.content, m.duration_ms, u.nickname, m.author_city, md.playable_path, md.poster_path,
      m.transcript, m.choice_ids::int[] as choice_ids, m.vote_integrity
    from messages m
    left join app_users u on u.id = m.author_app_user_id
    left join media md on md.id = m.media_id
    where m.id = ${id}`;
  return row ?? null;
}

/** The messages of a media (its processing ended). */
export async function messagesOfMedia(
  sql: Db,
  mediaId: string,
): Promise<{ id: number; segment_id: number }[]> {
  return await sql<{ id: number; segment_id: number }[]>`
    select id::int as id, segment_id::int as segment_id from messages where media_id = ${mediaId}`;
}

/** Removes deliveries made before `before` that are no longer pending (their attempts go with them). */
export async function forgetOldDeliveries(sql: Db, before: Date): Promise<number> {
  const rows = await sql`delete from webhook_deliveries where created_at < ${before} and status <> 'pending'
    returning id`;
  return rows.length;
}
