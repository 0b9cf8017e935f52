import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { databaseHealth } from "../lib/platform/health.ts";

/** GET /healthz: 200 when the database answers, 503 with the reason otherwise. */
export default new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  const result = await databaseHealth(c.var.sql);
  if (result.ok) return c.json({ status: "ok", database: "ok", latency_ms: result.ms });
  c.header("Retry-After", "5");
  return c.json({ status: "unavailable", database: result.error }, 503);
});
