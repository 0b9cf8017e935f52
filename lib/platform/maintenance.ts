// Upkeep of the embedded database. PGlite runs no autovacuum and keeps no activity statistics
// (pg_stat_user_tables stays at zero), so nothing would clear dead rows, mark pages all-visible for
// index-only counts, or refresh the planner's statistics. A PostgreSQL server does all of it itself.
import type { Sql } from "postgres";
import { vacuumDatabase } from "../../db/maintenance.ts";
import { every } from "./jobs.ts";

/** How often the embedded database is vacuumed. */
export const VACUUM_EVERY_MS = 3600_000;
/** Every how many vacuums it is also analysed: ANALYZE reads a sample of every table (about 1 s with
 * 200,000 messages, mostly their words) and holds the only connection meanwhile; VACUUM skips the pages
 * nothing changed (76 ms). */
export const ANALYZE_EVERY_VACUUMS = 24;

/** Vacuums on a timer, the first run and every ANALYZE_EVERY_VACUUMS-th one with ANALYZE. */
export function startMaintenance(sql: Sql, ms = VACUUM_EVERY_MS): { stop(): Promise<void> } {
  let runs = 0;
  return every(ms, "database maintenance", () => {
    return vacuumDatabase(sql, { analyze: runs++ % ANALYZE_EVERY_VACUUMS === 0 });
  });
}
