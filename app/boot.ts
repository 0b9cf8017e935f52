// Starting the product: the JWT secret, the database with its migrations, the demo data when asked, and
// the jobs (the worker inside this process or apart).
import type PgBoss from "pg-boss";
import type { Config } from "../lib/platform/config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { seedDemo } from "../lib/demo/seed.ts";
import { bossWhenReady, startBoss } from "../lib/platform/jobs.ts";
import { type Mailer, outboxMailer, smtpMailer } from "../lib/platform/mail.ts";
import type { AppDeps } from "./env.ts";
import { openStorage } from "../lib/media/storage.ts";
import { registerWorkers } from "./workers.ts";
import { startMaintenance } from "../lib/platform/maintenance.ts";
import { attachDemoMedia } from "../lib/media/demo.ts";
import { JOBS_STOP_MS } from "../lib/rules/constants.ts";
import { openBus } from "../lib/live/bus.ts";
import { watchWebhooks } from "../lib/webhooks/dispatch.ts";
import { log } from "../lib/platform/log.ts";

export interface Booted {
  db: Database;
  deps: AppDeps;
  boss: PgBoss;
  /** The demo password when this start created the demo data with a generated one. */
  demoPassword?: string;
  seeded: boolean;
  stop(): Promise<void>;
}

/** The JWT secret: JWT_SECRET, or one generated once and kept in DATA_DIR (development). */
export async function loadJwtSecret(config: Config): Promise<Uint8Array> {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = `${config.DATA_DIR}/jwt-secret`;
  let secret = await Deno.readTextFile(file).catch(() => "");
  if (secret.length < 32) {
    secret = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0"))
      .join("");
    await Deno.mkdir(config.DATA_DIR, { recursive: true });
    await Deno.writeTextFile(file, secret, { mode: 0o600 });
  }
  return new TextEncoder().encode(secret);
}

function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const random = crypto.getRandomValues(new Uint8Array(10));
  return `Demo-${Array.from(random, (b) => alphabet[b % alphabet.length]).join("")}9!`;
}

/**
 * Opens the database, applies migrations, seeds the demo data when asked, and starts the jobs
 * (with the worker in this process when WORKER=inline).
 */
export async function boot(config: Config, options: { seed: boolean; worker?: boolean }): Promise<Booted> {
  const db = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
    poolMax: config.DATABASE_POOL_MAX,
  });
  await migrate(db.sql);
  let demoPassword: string | undefined;
  let seeded = false;
  if (options.seed) {
    const password = config.DEMO_PASSWORD ?? generatePassword();
    seeded = await seedDemo(db.sql, { password });
    if (seeded && !config.DEMO_PASSWORD) {
      demoPassword = password;
      await Deno.writeTextFile(`${config.DATA_DIR}/demo-password.txt`, password + "\n", { mode: 0o600 });
    }
  }
  const mailer: Mailer = config.SMTP_URL
    ? await smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(db.sql);
  const inlineWorker = options.worker ?? config.WORKER === "inline";
  const starting = startBoss(db.sql, { mediaExpireSeconds: config.MEDIA_JOB_EXPIRE_SECONDS });
  // a web server without its worker starts answering while the job queue starts (lib/platform/jobs.ts
  // bossWhenReady); a worker needs its queue before anything else
  starting.catch((error) => log.error("jobs failed to start", { error }));
  const boss = inlineWorker ? await starting : bossWhenReady(starting);
  const deps: AppDeps = {
    sql: db.sql,
    config,
    jwtSecret: await loadJwtSecret(config),
    boss,
    mailer,
    storage: await openStorage(config),
    bus: await openBus(db),
  };
  // the demo's voice and video messages get something to play (first start only, in the background: a few
  // seconds of ffmpeg)
  watchWebhooks(deps); // events published by this process become webhook deliveries
  const demoStop = new AbortController();
  const demoMedia = seeded
    ? attachDemoMedia(deps, { signal: demoStop.signal }).catch((e) =>
      log.error("demo media failed", { error: e })
    )
    : null;
  const workers = inlineWorker ? await registerWorkers(boss, deps) : null;
  const maintenance = db.embedded ? startMaintenance(db.sql) : null;
  return {
    db,
    deps,
    boss,
    demoPassword,
    seeded,
    /** Stops the jobs (those running media tools are failed, so pg-boss retries them), the bus, then the database. */
    async stop() {
      // the demo's media (a first start only: a few seconds of ffmpeg) ends its clip, then stops
      demoStop.abort();
      await Promise.race([demoMedia, new Promise((r) => Deno.unrefTimer(setTimeout(r, 2000)))]);
      // the tools (ffmpeg) of the running jobs end with the instance, not orphaned beside the retry: those
      // jobs fail and pg-boss gives them to another worker; the other handlers get a moment to finish,
      // so none meets a closed database
      workers?.stopJobs();
      await boss.stop({ graceful: true, wait: true, timeout: JOBS_STOP_MS }).catch(() => {});
      await maintenance?.stop();
      await deps.bus?.close().catch(() => {});
      await db.close();
    },
  };
}
