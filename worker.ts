// The background worker process (`deno task worker`): in production, a container with ffmpeg against
// DATABASE_URL. It boots like the web process and runs the handlers of app/workers.ts; in the embedded
// default those run inside the web process instead.
import { ConfigError, loadConfig } from "./lib/platform/config.ts";
import { boot } from "./app/boot.ts";
import { shutDownOnSignal } from "./app/shutdown.ts";
import { log } from "./lib/platform/log.ts";

/** `deno task worker`: the handlers in a process of their own, against DATABASE_URL. */
async function main() {
  try {
    const config = loadConfig(Deno.env.toObject());
    if (!config.DATABASE_URL) {
      throw new ConfigError("Invalid configuration:\n  DATABASE_URL: the worker needs it");
    }
    const booted = await boot(config, { seed: false, worker: true });
    log.info("worker started");
    // running jobs handed back to pg-boss, database closed, exit within 10 s
    shutDownOnSignal(null, booted.stop);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.error(error.message);
      Deno.exit(1);
    }
    throw error;
  }
}

if (import.meta.main) await main();
