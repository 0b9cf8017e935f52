import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { AppError } from "../lib/rules/errors.ts";
import { METRICS_CONTENT_TYPE, metricsText } from "../lib/platform/metrics.ts";
import { sameSecret } from "../lib/platform/crypto.ts";

/**
 * GET /metrics: Prometheus metrics, for the bearer of METRICS_TOKEN; without that setting the endpoint
 * does not exist (404).
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  const token = c.var.deps.config.METRICS_TOKEN;
  if (!token) throw new AppError(404, "not_found");
  const given = c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1] ?? "";
  if (!(await sameSecret(given, token))) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    throw new AppError(401, "unauthorized");
  }
  c.header("Cache-Control", "no-store");
  const text = await metricsText(c.var.sql, { poolMax: c.var.deps.config.DATABASE_POOL_MAX });
  return c.body(text, 200, { "Content-Type": METRICS_CONTENT_TYPE });
});
