// Health of the service for /healthz: the database answers within 2 s.
import type { Sql } from "postgres";
import { pingDatabase } from "../../db/health.ts";

/** Whether the database answers (`select 1`, 2 s at most), with the latency or the reason. */
export async function databaseHealth(sql: Sql) {
  return await pingDatabase(sql);
}
