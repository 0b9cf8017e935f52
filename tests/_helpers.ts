// Test harness: a fresh, migrated database per test file (PGlite by default, a new database on the
// server of DATABASE_URL when set) and the app built on it, called through app.request().
import postgres from "postgres";
import type PgBoss from "pg-boss";
import { type Database, openDatabase } from "../db/client.ts";
import { listMigrations, migrate, readFunctions } from "../db/migrate.ts";
import { listenLive, notifyLive } from "../db/live.ts";
import { loadConfig } from "../lib/platform/config.ts";
import { outboxMailer } from "../lib/platform/mail.ts";
import { startBoss } from "../lib/platform/jobs.ts";
import type { AppDeps } from "../app/env.ts";
import { createApp } from "../main.ts";
import { registerWorkers } from "../app/workers.ts";
import { localStorage } from "../lib/media/storage.ts";
import { openBus } from "../lib/live/bus.ts";
import { openSession } from "../lib/platform/sessions.ts";
import { watchWebhooks } from "../lib/webhooks/dispatch.ts";
import { requestInit, type TestRequestInit } from "./_server.ts";
import { seedDemo } from "../lib/demo/seed.ts";

const SERVER_URL = Deno.env.get("DATABASE_URL");
const ROOT = new URL("../", import.meta.url).pathname;

/**
 * Settings of the embedded test databases, written into the template every test's database is copied from.
 * PGlite zeroes its whole buffer pool at each start: PostgreSQL's default 128 MB cost about 0.7 s of CPU per
 * test database, which holds a few MB; 16 MB costs a tenth of that, and the suite starts hundreds of them.
 */
const PGLITE_TEST_SETTINGS = "shared_buffers = 16MB\n";

async function migrationsHash(): Promise<string> {
  const text = (await listMigrations()).map((m) => m.name + m.text).join("\n") + "\n" +
    await readFunctions() +
    PGLITE_TEST_SETTINGS;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/** The demo's source (db/seed.ts, db/seed/, lib/demo/): a change to its data seeds a new template. */
async function demoSource(): Promise<string> {
  const files = [`${ROOT}db/seed.ts`];
  for (const dir of [`${ROOT}db/seed/`, `${ROOT}lib/demo/`]) {
    for await (const entry of Deno.readDir(dir)) if (entry.isFile) files.push(dir + entry.name);
  }
  return (await Promise.all(files.sort().map((f) => Deno.readTextFile(f)))).join("\n");
}

/**
 * The key of a template: the migration set, and for a demo one its source, password and day. The demo is
 * dated relative to the moment it is seeded (segments open for days, messages of the past weeks), so one
 * made today serves every test of today's run, and a run that crosses midnight seeds a new one.
 */
async function templateKey(demo?: string): Promise<string> {
  const hash = await migrationsHash();
  if (demo === undefined) return hash;
  const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(demo + await demoSource()));
  const data = Array.from(new Uint8Array(digest).slice(0, 3), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
  return `${hash}_demo_${data}_${day}`;
}

/**
 * A PGlite data folder with every migration applied (and the demo seeded with password `demo` when given),
 * made once per key and copied per test: a copy of its files instead of the migrations and the seed again.
 */
async function pgliteTemplate(demo?: string): Promise<string> {
  const dir = `${ROOT}.data/test-templates/${await templateKey(demo)}`;
  if (await exists(`${dir}/ready`)) return dir;
  const building = `${dir}.${crypto.randomUUID()}`;
  if (demo === undefined) {
    const db = await openDatabase({ dataDir: `${building}/pglite` });
    await migrate(db.sql);
    await db.close();
    await Deno.writeTextFile(`${building}/pglite/postgresql.conf`, PGLITE_TEST_SETTINGS, { append: true });
  } else {
    await copyTree(`${await pgliteTemplate()}/pglite`, `${building}/pglite`);
    const db = await openDatabase({ dataDir: `${building}/pglite` });
    await seedDemo(db.sql, { password: demo });
    await db.close();
  }
  await Deno.writeTextFile(`${building}/ready`, "");
  try {
    await Deno.rename(building, dir);
  } catch {
    await Deno.remove(building, { recursive: true }); // another test file built it first
  }
  return dir;
}

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to.slice(0, to.lastIndexOf("/")), { recursive: true });
  const copy = new Deno.Command("cp", { args: ["-r", from, to] });
  if (!(await copy.output()).success) throw new Error("could not copy the test database template");
}

/** The address of database `name` on the server of `serverUrl`. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database with every migration applied (and the demo seeded with password `demo` when given) on the
 * server of `serverUrl`, made once per key (the first test file to need it builds it under an advisory
 * lock) and copied per test by CREATE DATABASE … TEMPLATE: a copy of its files instead of every migration
 * and the seed again.
 */
async function serverTemplate(admin: postgres.Sql, demo?: string): Promise<string> {
  const name = `t_template_${await templateKey(demo)}`;
  const from = demo === undefined ? null : await serverTemplate(admin);
  const lock = await admin.reserve();
  try {
    await lock`select pg_advisory_lock(hashtext(${name}))`;
    const [found] = await lock`select 1 from pg_database where datname = ${name}`;
    if (!found) {
      await lock.unsafe(from ? `create database ${name} template ${from}` : `create database ${name}`);
      const db = await openDatabase({ url: databaseUrl(SERVER_URL!, name), poolMax: 1 });
      try {
        if (demo === undefined) await migrate(db.sql);
        else await seedDemo(db.sql, { password: demo });
      } catch (error) {
        await db.close();
        await lock.unsafe(`drop database if exists ${name} with (force)`);
        throw error;
      }
      await db.close();
    }
    await lock`select pg_advisory_unlock(hashtext(${name}))`;
  } finally {
    lock.release();
  }
  return name;
}

/**
 * A fresh migrated database that is removed on close (on `serverUrl`, DATABASE_URL, or PGlite); with
 * `demo`, the demo data seeded with that password is already in it.
 */
export async function testDatabase(serverUrl = SERVER_URL, demo?: string): Promise<Database> {
  if (serverUrl) {
    const name = `t_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    if (serverUrl === SERVER_URL) {
      await admin.unsafe(`create database ${name} template ${await serverTemplate(admin, demo)}`);
    } else {
      await admin.unsafe(`create database ${name}`);
    }
    const db = await openDatabase({ url: databaseUrl(serverUrl, name), poolMax: 5 });
    if (serverUrl !== SERVER_URL) await migrate(db.sql);
    if (serverUrl !== SERVER_URL && demo !== undefined) await seedDemo(db.sql, { password: demo });
    return {
      ...db,
      async close() {
        await db.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const template = await pgliteTemplate(demo);
  const dir = await Deno.makeTempDir({ prefix: "im-test-" });
  await copyTree(`${template}/pglite`, `${dir}/pglite`);
  const db = await openDatabase({ dataDir: `${dir}/pglite` });
  return {
    ...db,
    async close() {
      await db.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  sql: Database["sql"];
  deps: AppDeps;
  boss?: PgBoss;
  /** Calls the app; `json` becomes a JSON body, `token` a bearer token. */
  request(path: string, init?: TestRequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The app on a fresh database; `jobs` starts pg-boss with the worker in process. */
export async function testApp(
  options: {
    jobs?: boolean;
    env?: Record<string, string>;
    databaseUrl?: string;
    webhookNetwork?: AppDeps["webhookNetwork"];
    /** The demo data already in the database, every demo account with this password (as seedDemo). */
    demoPassword?: string;
  } = {},
): Promise<TestApp> {
  const db = await testDatabase(options.databaseUrl ?? SERVER_URL, options.demoPassword);
  const config = loadConfig({
    APP_ENV: "test",
    LOG_REQUESTS: "off",
    // tests tell addresses apart with X-Forwarded-For, as a proxy in front would
    TRUST_PROXY: "on",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    DATA_DIR: await Deno.makeTempDir({ prefix: "im-data-" }),
    ...options.env,
  });
  const deps: AppDeps = {
    sql: db.sql,
    config,
    jwtSecret: new TextEncoder().encode(config.JWT_SECRET!),
    mailer: outboxMailer(db.sql),
    storage: localStorage(`${config.DATA_DIR}/media`),
    bus: await openBus(db),
    webhookNetwork: options.webhookNetwork,
  };
  if (options.jobs) {
    deps.boss = await startBoss(db.sql);
    await registerWorkers(deps.boss, deps);
    watchWebhooks(deps);
  }
  const app = createApp(deps);
  return {
    app,
    sql: db.sql,
    deps,
    boss: deps.boss,
    request(path, init = {}) {
      return Promise.resolve(app.request(path, requestInit(init)));
    },
    async close() {
      // running jobs finish first: a handler never meets a closed database
      await deps.boss?.stop({ graceful: true, wait: true, timeout: 15_000 }).catch(() => {});
      await deps.bus?.close();
      await db.close();
      await Deno.remove(config.DATA_DIR, { recursive: true }).catch(() => {});
    },
  };
}

/** The demo staff (after seedDemo): ids by login, the two demo channels, and a staff token by login. */
export async function demoStaff(ctx: TestApp) {
  const ids: Record<string, number> = Object.fromEntries(
    (await ctx.sql<{ id: number; login: string }[]>`select id, login from users`).map((u) => [u.login, u.id]),
  );
  const [radio, tv] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
  const token = (login: string) => openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids[login], "staff");
  return { ids, radio, tv, token };
}

/**
 * Waits until this instance heard every notification committed so far (a marker sent after them comes
 * back after them): on a PostgreSQL server they arrive on a connection of their own, a moment after the
 * write; on PGlite before the write returns.
 */
export async function notificationsHeard(ctx: TestApp): Promise<void> {
  const marker = JSON.stringify({ t: "test", e: { kind: "marker", segmentId: 0, at: crypto.randomUUID() } });
  let heard!: () => void;
  const arrived = new Promise<void>((resolve) => heard = resolve);
  const stop = await listenLive(ctx.sql, (payload) => payload === marker && heard());
  await notifyLive(ctx.sql, marker);
  await arrived;
  await stop();
}

/**
 * The first interaction of a channel a listener can open now (ready or published, within its dates), with
 * choices when asked: after seedDemo, the page the widget tests load.
 */
export async function openSegmentId(
  sql: Database["sql"],
  channelId: number,
  options: { withChoices?: boolean } = {},
): Promise<number> {
  const [open] = await sql<{ id: number }[]>`
    select s.id::int as id from segments s where s.channel_id = ${channelId} and s.status in ('ready', 'published')
      and (s.start_date is null or s.start_date <= now()) and (s.end_date is null or s.end_date > now())
      and (${
    options.withChoices !== true
  } or exists (select 1 from segment_choices c where c.segment_id = s.id))
    order by s.id limit 1`;
  return open.id;
}

/**
 * Reads until `read` gives something (a job that runs in the background: a fetched media, a sent reply),
 * failing with `what` once `timeoutMs` has passed.
 */
export async function until<T>(
  read: () => Promise<T | null | undefined>,
  what: string,
  timeoutMs = 120_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (true) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
