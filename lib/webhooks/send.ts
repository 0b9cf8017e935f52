// Sending one webhook delivery, from the pg-boss job of the webhooks queue: the stored event as a
// JSON POST signed with the endpoint's secret (lib/rules/webhooks.ts) to the address checked at this very
// attempt (lib/webhooks/transport.ts: no DNS rebinding), every attempt logged with its status,
// duration and error. A failure schedules the next try as a delayed job (90 s, doubled each time, about
// 25 h in all), so the delivery list shows when it will be; after the last try the delivery is failed.
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import { deliveryToSend, forgetOldDeliveries, recordAttempt } from "../../db/webhooks.ts";
import { lookupHost, postToAddress, type WebhookNetwork } from "./transport.ts";
import { every, QUEUES } from "../platform/jobs.ts";
import type { Config } from "../platform/config.ts";
import { WEBHOOK_LOG_DAYS, WEBHOOK_RETRY_BASE_SECONDS, WEBHOOK_TIMEOUT_MS } from "../rules/constants.ts";
import {
  allowedHosts,
  endpointProblem,
  isRefusedAddress,
  pinnedAddress,
  retryDelaySeconds,
  signatureHeaders,
  webhookBody,
} from "../rules/webhooks.ts";

export interface WebhookDeps {
  sql: Sql;
  boss?: PgBoss;
  config: Config;
  /** The resolver and trusted roots of deliveries; the system's by default. */
  webhookNetwork?: WebhookNetwork;
}

const isIpLiteral = (host: string) => /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":");

/** An endpoint checked for one attempt: the address to connect to, or why none may be used. */
export type EndpointCheck = { refusal: string; address?: undefined } | { refusal: null; address: string };

/**
 * Checks an endpoint URL and picks the address to connect to: not https (plain http only for an allowed
 * host), a host that does not resolve, or one that resolves to any private, loopback, link-local or other
 * non-public address (SSRF) is refused, unless WEBHOOK_ALLOWED_HOSTS names it. Run when an endpoint is added
 * and at each attempt, whose connection then goes to the address returned, never to a new resolution.
 * A refusal is a code, followed by the refused address when there is one ("webhook_address_refused ::1").
 */
export async function checkEndpoint(
  url: string,
  allowedList: string | undefined,
  network: WebhookNetwork = {},
): Promise<EndpointCheck> {
  const allowed = allowedHosts(allowedList);
  const problem = endpointProblem(url, allowed);
  if (problem) return { refusal: problem };
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const addresses = isIpLiteral(host) ? [host] : await lookupHost(host, network.resolveDns);
  const address = pinnedAddress(addresses);
  if (!address) return { refusal: "webhook_host_unknown" };
  const refused = allowed.has(host) ? undefined : addresses.find(isRefusedAddress);
  return refused ? { refusal: `webhook_address_refused ${refused}` } : { refusal: null, address };
}

/** Why an endpoint URL may not be added, as an error code, or null (see checkEndpoint). */
export async function endpointRefusal(
  url: string,
  allowedList: string | undefined,
  network: WebhookNetwork = {},
): Promise<string | null> {
  const { refusal } = await checkEndpoint(url, allowedList, network);
  return refusal?.split(" ")[0] ?? null;
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
  const network = deps.webhookNetwork ?? {};
  const check = await checkEndpoint(row.url, deps.config.WEBHOOK_ALLOWED_HOSTS, network);
  let error: string | null = check.refusal;
  if (check.address) {
    try {
      const timestamp = Math.floor(now().getTime() / 1000);
      // a redirect is never followed (it could lead anywhere, private addresses included): only its status
      statusCode = await postToAddress(
        new URL(row.url),
        check.address,
        {
          "Content-Type": "application/json",
          "User-Agent": "InteractionManager-Webhooks/1",
          // Standard Webhooks: the delivery's id (the same on every retry), the time, one signature per
          // valid secret
          ...await signatureHeaders(
            [row.secret, ...(row.previous_secret ? [row.previous_secret] : [])],
            String(row.id),
            timestamp,
            body,
          ),
          "X-Webhook-Event": row.event,
          "X-Webhook-Delivery": String(row.id),
        },
        body,
        { timeoutMs: WEBHOOK_TIMEOUT_MS, caCerts: network.caCerts },
      );
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
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
