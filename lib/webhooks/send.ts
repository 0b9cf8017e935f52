// Sending one webhook delivery (issue 21), from the pg-boss job of the webhooks queue: the stored event as a
// JSON POST signed with the endpoint's secret (lib/rules/webhooks.ts), every attempt logged with its status,
// duration and error. A failure schedules the next try as a delayed job (90 s, doubled each time, about
// 25 h in all), so the delivery list shows when it will be; after the last try the delivery is failed.
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import { deliveryToSend, forgetOldDeliveries, recordAttempt } from "../../db/webhooks.ts";
import { every, QUEUES } from "../platform/jobs.ts";
import type { Config } from "../platform/config.ts";
import { WEBHOOK_LOG_DAYS, WEBHOOK_RETRY_BASE_SECONDS, WEBHOOK_TIMEOUT_MS } from "../rules/constants.ts";
import {
  allowedHosts,
  endpointProblem,
  isRefusedAddress,
  retryDelaySeconds,
  SIGNATURE_HEADER,
  signatureHeader,
  webhookBody,
} from "../rules/webhooks.ts";

export interface WebhookDeps {
  sql: Sql;
  boss?: PgBoss;
  config: Config;
}

const isIpLiteral = (host: string) => /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":");

async function lookup(host: string): Promise<string[]> {
  const [a, aaaa] = await Promise.all([
    Deno.resolveDns(host, "A").catch(() => [] as string[]),
    Deno.resolveDns(host, "AAAA").catch(() => [] as string[]),
  ]);
  return [...a, ...aaaa];
}

/**
 * Why an endpoint URL may not be used, or null: not https (plain http only for an allowed host), a host
 * that does not resolve, or one that resolves to a private, loopback or link-local address (SSRF), unless
 * WEBHOOK_ALLOWED_HOSTS names it. Checked when an endpoint is added and again before each attempt.
 */
export async function endpointRefusal(url: string, allowedList: string | undefined): Promise<string | null> {
  const allowed = allowedHosts(allowedList);
  const problem = endpointProblem(url, allowed);
  if (problem) return problem;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowed.has(host)) return null;
  const addresses = isIpLiteral(host) ? [host] : await lookup(host);
  if (!addresses.length) return "webhook_host_unknown";
  return addresses.some(isRefusedAddress) ? "webhook_address_refused" : null;
}

/** Queues a delivery's next attempt, now or after `delaySeconds`. */
export async function queueDelivery(boss: PgBoss | undefined, deliveryId: number, delaySeconds = 0) {
  await boss?.send(QUEUES.webhooks, { deliveryId }, delaySeconds > 0 ? { startAfter: delaySeconds } : {});
}

/** One attempt of a delivery; returns its outcome. Never throws for the receiver's failures. */
export async function sendDelivery(deps: WebhookDeps, deliveryId: number, now = () => new Date()) {
  const row = await deliveryToSend(deps.sql, deliveryId);
  if (!row) return { status: "gone" as const };
  const body = webhookBody(row, row.payload);
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = await endpointRefusal(row.url, deps.config.WEBHOOK_ALLOWED_HOSTS);
  if (!error) {
    try {
      const timestamp = Math.floor(now().getTime() / 1000);
      const res = await fetch(row.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "InteractionManager-Webhooks/1",
          [SIGNATURE_HEADER]: await signatureHeader(row.secret, timestamp, body),
          "X-Webhook-Event": row.event,
          "X-Webhook-Delivery": String(row.id),
        },
        body,
        redirect: "manual", // a redirect could lead anywhere, private addresses included
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      statusCode = res.status;
      await res.body?.cancel();
      if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof DOMException && e.name === "TimeoutError"
        ? "timeout"
        : (e instanceof Error ? e.message : String(e)).slice(0, 300);
    }
  }
  const durationMs = Math.round(performance.now() - started);
  const attempts = row.attempts + 1;
  const delay = error
    ? retryDelaySeconds(attempts, deps.config.WEBHOOK_RETRY_BASE_SECONDS ?? WEBHOOK_RETRY_BASE_SECONDS)
    : null;
  const status = !error ? "delivered" : delay === null ? "failed" : "pending";
  const nextAttemptAt = delay === null ? null : new Date(now().getTime() + delay * 1000);
  await recordAttempt(deps.sql, row.id, { statusCode, durationMs, error, status, nextAttemptAt });
  if (delay !== null) await queueDelivery(deps.boss, row.id, delay);
  return { status, statusCode, error, attempts, nextAttemptAt };
}

/** Registers the webhooks queue's handler and the hourly cleanup of the delivery log (stopped with pg-boss). */
export async function registerWebhookJobs(boss: PgBoss, deps: WebhookDeps): Promise<void> {
  await boss.work<{ deliveryId: number }>(QUEUES.webhooks, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await sendDelivery({ ...deps, boss }, job.data.deliveryId);
  });
  const cleanup = every(
    3600_000,
    "webhook log cleanup",
    () => forgetOldDeliveries(deps.sql, new Date(Date.now() - WEBHOOK_LOG_DAYS * 86_400_000)),
  );
  boss.once("stopped", () => cleanup.stop());
}
