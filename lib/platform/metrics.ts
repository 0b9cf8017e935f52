// Metrics for the people who run the platform, in Prometheus's text format (GET /metrics, on only when
// METRICS_TOKEN is set): requests by route and status, their latency, votes accepted, jobs by queue and
// state with the age of the oldest waiting one, the database pool's size, and the process figures Deno
// itself reports (memory, event-loop lag, requests in flight, open live streams). prom-client's default
// Node.js metrics are not collected: from Deno they would report a Node version and empty series.
// One registry per process (a Prometheus server scrapes each).
import client from "prom-client";
import type { Sql } from "postgres";
import { jobQueueAges, jobStateCounts } from "../../db/metrics.ts";
import { liveStreamCount } from "../live/stream.ts";
import { cacheSizes } from "./bounded_cache.ts";

export const registry = new client.Registry();

const gauge = (name: string, help: string, collect: () => number) =>
  new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(collect());
    },
  });

gauge("process_resident_memory_bytes", "Resident memory size in bytes", () => Deno.memoryUsage().rss);
gauge("im_heap_used_bytes", "JavaScript heap in use, in bytes (V8)", () => Deno.memoryUsage().heapUsed);
gauge("im_heap_total_bytes", "JavaScript heap reserved, in bytes (V8)", () => Deno.memoryUsage().heapTotal);
gauge(
  "im_external_memory_bytes",
  "Memory held outside the heap by buffers, in bytes",
  () => Deno.memoryUsage().external,
);
gauge("im_live_streams", "Live event streams open on this instance", () => liveStreamCount());
// what the in-process caches hold (each bounded by bytes: lib/platform/bounded_cache.ts)
new client.Gauge({
  name: "im_cache_bytes",
  help: "Bytes held by an in-process cache (rendered pages, static files)",
  labelNames: ["cache"],
  registers: [registry],
  collect() {
    for (const { name, bytes } of cacheSizes()) this.set({ cache: name }, bytes);
  },
});

let inFlight = 0;
gauge("im_http_requests_in_flight", "HTTP requests being answered now", () => inFlight);

/** Marks a request as being answered until the returned function runs. */
export function requestStarted(): () => void {
  inFlight++;
  let done = false;
  return () => {
    if (!done) inFlight--;
    done = true;
  };
}

// event-loop lag: how long a zero-delay timer set at the scrape waits for its turn (the work queued ahead
// of it); measured at each scrape, so nothing runs between scrapes
const eventLoopLag = new client.Gauge({
  name: "im_event_loop_lag_seconds",
  help: "How long a zero-delay timer set at the scrape waited for the event loop, in seconds",
  registers: [registry],
});
const timerLag = async (): Promise<number> => {
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return (performance.now() - started) / 1000;
};

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

const jobAge = new client.Gauge({
  name: "im_jobs_oldest_waiting_seconds",
  help: "Age of the oldest job waiting to start, by queue (0 when none waits), read when scraped",
  labelNames: ["queue"] as const,
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
  eventLoopLag.set(await timerLag());
  jobs.reset();
  const rows = await jobStateCounts(sql).catch(() => []);
  for (const row of rows) jobs.set({ queue: row.name, state: row.state }, row.count);
  jobAge.reset();
  for (const row of await jobQueueAges(sql).catch(() => [])) jobAge.set({ queue: row.name }, row.seconds);
  return await registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
