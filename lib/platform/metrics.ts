// Metrics for the people who run the platform, in Prometheus's text format (GET /metrics, on only when
// METRICS_TOKEN is set): requests by route and status, their latency, votes accepted, jobs by queue and
// state, and the database pool's size. One registry per process (a Prometheus server scrapes each).
import client from "prom-client";
import type { Sql } from "postgres";
import { jobStateCounts } from "../../db/metrics.ts";

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const httpRequests = new client.Counter({
  name: "im_http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});

const httpDuration = new client.Histogram({
  name: "im_http_request_duration_seconds",
  help: "Time to answer HTTP requests, by route pattern and method",
  labelNames: ["route", "method"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const votesAccepted = new client.Counter({
  name: "im_votes_accepted_total",
  help: "Votes (participations with choices) accepted and stored",
  registers: [registry],
});

const jobs = new client.Gauge({
  name: "im_jobs",
  help: "Background jobs by queue and state (pg-boss), read when scraped",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
});

const poolMax = new client.Gauge({
  name: "im_db_pool_max_connections",
  help: "Most database connections this process opens (DATABASE_POOL_MAX)",
  registers: [registry],
});

/** Counts one answered request (the route's pattern, never its raw path: bounded labels). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  httpRequests.inc({ route, method, status: String(status) });
  httpDuration.observe({ route, method }, seconds);
}

/** Counts an accepted vote. */
export function countVote(): void {
  votesAccepted.inc();
}

/** The exposition text, with the job counts read from the database now. */
export async function metricsText(sql: Sql, options: { poolMax: number }): Promise<string> {
  poolMax.set(options.poolMax);
  jobs.reset();
  const rows = await jobStateCounts(sql).catch(() => []);
  for (const row of rows) jobs.set({ queue: row.name, state: row.state }, row.count);
  return await registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
