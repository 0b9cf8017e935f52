// Upkeep of the embedded database (scheduled by lib/platform/maintenance.ts): PGlite runs no autovacuum.
import type { Sql } from "postgres";

/** Vacuums (and analyses) every table. */
export async function vacuumDatabase(sql: Sql, options: { analyze: boolean }): Promise<void> {
  await sql.unsafe(options.analyze ? "vacuum (analyze)" : "vacuum");
}
