// The health check's question to the database: one cheap query.
import type { Db } from "./client.ts";

/** Runs `select 1` with a 2 s limit; says how long it took or why it failed. */
export async function pingDatabase(
  sql: Db,
): Promise<{ ok: true; ms: number } | { ok: false; error: string }> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      sql`select 1`,
      new Promise((_, reject) => timer = setTimeout(() => reject(new Error("timeout after 2000 ms")), 2000)),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: (error as Error).message || String(error) };
  } finally {
    clearTimeout(timer);
  }
}
