// Statistics dashboard on a long history: 1,000,000 participations over three years in one channel
// (seeded by db/seed/history.ts with generate_series), the daily rollups backfilled by the worker's job,
// then p50/p95 of GET /api/v1/statistics/dashboard over 7 days, 30 days, 12 months, today per hour and a
// custom month (the last January), through app.request (routing, auth, validation, SQL, JSON), with the
// CPU milliseconds this process (the app and, on PGlite, the database) spends per request.
// Target: p95 ≤ 200 ms.
// The ceiling measured in the same run is the unread count of the same channel through the same stack
// (one indexed sum): each case is printed as a ratio to it, so a slower or busier machine shifts both.
// Runs on a PostgreSQL server (DATABASE_URL, else one of its own when PostgreSQL is installed), then on
// the embedded PGlite of `deno task start`.
//   deno run -A bench/statistics.ts     STATISTICS_BENCH_COUNT=200000 for a quicker run,
//   STATISTICS_BENCH_ONLY=postgres or pglite for one of the two
import postgres from "postgres";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { vacuumDatabase } from "../db/maintenance.ts";
import { seedParticipationHistory } from "../db/seed/history.ts";
import { createApp } from "../main.ts";
import { loadConfig } from "../lib/platform/config.ts";
import { outboxMailer } from "../lib/platform/mail.ts";
import { localStorage } from "../lib/media/storage.ts";
import { openSession } from "../lib/platform/sessions.ts";
import { rollStatistics } from "../lib/statistics/rollups.ts";
import { PG_BIN, type PgServer, startPostgres } from "../tests/_postgres.ts";
import { treeCpuMs } from "./_cpu.ts";

const COUNT = Number(Deno.env.get("STATISTICS_BENCH_COUNT") ?? 1_000_000);
const RUNS = Number(Deno.env.get("STATISTICS_BENCH_RUNS") ?? 30);
const DAYS = 3 * 365;
const AUTHORS = 80_000;

async function bench(serverUrl: string | null): Promise<string> {
  const dataDir = await Deno.makeTempDir({ prefix: "im-bench-statistics-" });
  let dropDatabase: (() => Promise<void>) | null = null;
  let url: string | undefined;
  if (serverUrl) {
    const name = `bench_statistics_${Date.now()}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const db = await openDatabase(url ? { url, poolMax: 5 } : { dataDir: `${dataDir}/pglite` });
  const sql = db.sql;
  try {
    await migrate(sql);
    const [channel] = await sql<{ id: number }[]>`
      insert into channels (label, status, time_zone) values ('Bench FM', 'active', 'Europe/Paris')
      returning id::int as id`;
    const types = ["single_choice_question", "message", "recording_question", "sms"];
    const segmentIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const [s] = await sql<{ id: number }[]>`
        insert into segments (channel_id, type, title, status)
        values (${channel.id}, ${types[i % 4]}, ${`Interaction ${
        i + 1
      }`}, 'published') returning id::int as id`;
      segmentIds.push(s.id);
    }
    const [staff] = await sql<{ id: number }[]>`
      insert into users (login, email, password_hash, role, channel_id)
      values ('bench', 'bench@example.org', 'x', 'administrator', ${channel.id}) returning id::int as id`;
    let t0 = performance.now();
    await seedParticipationHistory(sql, {
      channelId: channel.id,
      segmentIds,
      count: COUNT,
      days: DAYS,
      authors: AUTHORS,
    });
    await vacuumDatabase(sql, { analyze: true });
    const seedSeconds = (performance.now() - t0) / 1000;

    const config = loadConfig({
      APP_ENV: "test",
      LOG_REQUESTS: "off",
      JWT_SECRET: "bench-secret-bench-secret-bench-0123",
      DATA_DIR: dataDir,
    });
    const deps = {
      sql,
      config,
      jwtSecret: new TextEncoder().encode(config.JWT_SECRET!),
      mailer: outboxMailer(sql),
      storage: localStorage(`${dataDir}/media`),
    };
    const app = createApp(deps);
    const token = await openSession(sql, deps.jwtSecret, staff.id, "staff");
    const time = async (path: string, runs: number) => {
      const times: number[] = [];
      let cpuMs = 0;
      let body: Record<string, unknown> = {};
      for (let i = 0; i < runs + 2; i++) {
        const start = performance.now();
        const cpuStart = treeCpuMs(Deno.pid);
        const res = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
        body = await res.json();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        if (i >= 2) {
          times.push(performance.now() - start);
          cpuMs += treeCpuMs(Deno.pid) - cpuStart;
        }
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      return { p50: p(0.5), p95: p(0.95), cpu: cpuMs / runs, body };
    };
    const dashboard = (query: string) => `/api/v1/statistics/dashboard?${query}`;
    const now = new Date();
    // the last whole January: this year's, or last year's while January is not over
    const january = now.getUTCFullYear() - (now.getUTCMonth() === 0 ? 1 : 0);
    const ranges: [string, string][] = [
      ["7 days", "range=7d"],
      ["30 days", "range=30d"],
      ["12 months", "range=12m"],
      ["today, per hour", `range=custom&from=${now.toISOString().slice(0, 10)}`],
      [`a custom month (January ${january})`, `range=custom&from=${january}-01-01&to=${january}-01-31`],
    ];

    // before the first roll: counted from the participations, as the dashboard did without rollups
    const before = await time(dashboard("range=12m"), 3);
    t0 = performance.now();
    const days = await rollStatistics(sql);
    const backfillSeconds = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await rollStatistics(sql);
    const rerollMs = performance.now() - t0;
    await vacuumDatabase(sql, { analyze: true });
    const [sizes] = await sql<{ days: number; cities: number; authors: number }[]>`
      select (select count(*) from statistics_days)::int as days,
        (select count(*) from statistics_city_days)::int as cities,
        (select count(*) from statistics_author_days)::int as authors`;

    const ceiling = await time("/api/v1/statistics/messages_not_read", RUNS);
    const rows: string[] = [];
    let worst = 0;
    for (const [label, query] of ranges) {
      const r = await time(dashboard(query), RUNS);
      worst = Math.max(worst, r.p95);
      rows.push(
        `| ${label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p95 / ceiling.p95).toFixed(1)} | ${
          r.cpu.toFixed(1)
        } | ${
          (r.body.series as { count: number }[]).reduce((s, x) => s + x.count, 0)
        } | ${r.body.participants} |`,
      );
    }
    return [
      `## Statistics dashboard (${
        COUNT.toLocaleString("en")
      } participations over ${DAYS} days in one channel, ${
        serverUrl ? "PostgreSQL server" : "embedded PGlite"
      })`,
      "",
      `Seeded in ${seedSeconds.toFixed(1)} s with generate_series (${
        AUTHORS.toLocaleString("en")
      } authors, skewed);`,
      `first roll (backfill of ${days} days) ${backfillSeconds.toFixed(1)} s, next roll (yesterday again) ${
        rerollMs.toFixed(0)
      } ms;`,
      `rollup rows: ${sizes.days} interaction-days, ${sizes.cities} city-days, ${sizes.authors} participant-days.`,
      `${RUNS} timed requests per case after 2 warm-ups, through app.request (routing, auth, SQL, JSON).`,
      `Ceiling: the unread count through the same stack, p50 ${ceiling.p50.toFixed(1)} ms, p95 ${
        ceiling.p95.toFixed(1)
      } ms, ${ceiling.cpu.toFixed(1)} CPU-ms per request; load average ${
        (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ")
      } at the end.`,
      "",
      "| range | p50 ms | p95 ms | p95 / ceiling | CPU-ms / request | participations | participants |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      `12 months before the rollups (straight from the participations): p50 ${before.p50.toFixed(0)} ms.`,
      `worst p95 with the rollups: ${worst.toFixed(1)} ms (target ≤ 200 ms)`,
    ].join("\n");
  } finally {
    await db.close();
    await dropDatabase?.();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}

let pg: PgServer | null = null;
try {
  const only = Deno.env.get("STATISTICS_BENCH_ONLY"); // "postgres" or "pglite"
  const serverUrl = only === "pglite"
    ? null
    : Deno.env.get("DATABASE_URL") ?? (PG_BIN ? (pg = await startPostgres()).url : null);
  const sections = serverUrl ? [await bench(serverUrl)] : [];
  if (!Deno.env.get("DATABASE_URL") && only !== "postgres") sections.push(await bench(null));
  console.log(sections.join("\n\n"));
} finally {
  await pg?.destroy();
}
