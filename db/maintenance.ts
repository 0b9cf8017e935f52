// Upkeep of the embedded database (scheduled by lib/platform/maintenance.ts): PGlite runs no autovacuum.
import type { Db } from "./client.ts";

/** Vacuums (and analyses) every table. */
export async function vacuumDatabase(sql: Db, options: { analyze: boolean }): Promise<void> {
  await sql.unsafe(options.analyze ? "vacuum (analyze)" : "vacuum");
}
