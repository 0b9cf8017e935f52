// The background worker (pg-boss handlers). In production: `deno task worker` in a container with
// ffmpeg, against DATABASE_URL. In the embedded default it runs inside the web process.
import type PgBoss from "pg-boss";
import type { AppDeps } from "./framework/env.ts";

/** Registers the job handlers of every queue on a started pg-boss. */
export async function registerWorkers(_boss: PgBoss, _deps: AppDeps): Promise<void> {
  // Each capability registers its handlers here (media processing, delivery, mails).
  await (await import("./lib/delivery_jobs.ts")).registerDeliveryJobs(_boss, _deps);
}

if (import.meta.main) {
  const { loadConfig, ConfigError } = await import("./lib/config.ts");
  const { boot } = await import("./framework/boot.ts");
  try {
    const config = loadConfig(Deno.env.toObject());
    if (!config.DATABASE_URL) {
      throw new ConfigError("Invalid configuration:\n  DATABASE_URL: the worker needs it");
    }
    const booted = await boot(config, { seed: false, worker: true });
    console.log("worker started");
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      Deno.addSignalListener(signal, async () => {
        await booted.stop();
        Deno.exit(0);
      });
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(1);
    }
    throw error;
  }
}
