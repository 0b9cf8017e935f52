// Participations inbox at scale: 200,000 participations on one interaction, then p50/p95 of the list
// (first and a deep page), each tab, full-text search and the counts, through the real endpoints
// (app.request: routing, auth, validation, SQL, JSON). The goal: worst p95 ≤ 10 ms on a PostgreSQL
// server, ≤ 20 ms on PGlite.
// Runs on a PostgreSQL server (DATABASE_URL, else one of its own when PostgreSQL is installed; a new
// database is created and dropped), then on the embedded PGlite of `deno task start`.
//   npx -y deno@2 run -A bench/inbox.ts            (or `deno task bench`)
// INBOX_BENCH_HISTORY=800000 puts that many older participations in another interaction of the channel.
import postgres from "postgres";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { vacuumDatabase } from "../db/maintenance.ts";
import { seedDemo } from "../lib/demo/seed.ts";
import { createApp } from "../main.ts";
import { loadConfig } from "../lib/platform/config.ts";
import { outboxMailer } from "../lib/platform/mail.ts";
import { localStorage } from "../lib/media/storage.ts";
import { openSession } from "../lib/platform/sessions.ts";
import { PG_BIN, type PgServer, startPostgres } from "../tests/_postgres.ts";
import { rowLine } from "./_rows.ts";
import { loadAverage } from "./_hello.ts";
import { pidOfPort, treeCpuMs } from "./_cpu.ts";

const COUNT = Number(Deno.env.get("INBOX_BENCH_COUNT") ?? 200_000);
const RUNS = Number(Deno.env.get("INBOX_BENCH_RUNS") ?? 100);
const GOAL_P95_MS = { server: 10, pglite: 20 };
/** Older participations of the same channel in another interaction (a long history), none by default. */
const HISTORY = Number(Deno.env.get("INBOX_BENCH_HISTORY") ?? 0);

/** The figures on a server database (`serverUrl`) or on PGlite (null). */
async function bench(serverUrl: string | null, postmaster: number | null = null): Promise<string> {
  // CPU of this process (the app, and PGlite when embedded) and of the PostgreSQL server it started
  const cpu = () => treeCpuMs(Deno.pid) + (postmaster ? treeCpuMs(postmaster) : 0);
  const dataDir = await Deno.makeTempDir({ prefix: "im-bench-inbox-" });
  let dropDatabase: (() => Promise<void>) | null = null;
  let url: string | undefined;
  if (serverUrl) {
    const name = `bench_inbox_${Date.now()}`;
    console.error(`database ${name}`);
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      if (!Deno.env.get("INBOX_BENCH_KEEP")) {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      }
      await admin.end();
    };
  }
  const db = await openDatabase(url ? { url, poolMax: 5 } : { dataDir: `${dataDir}/pglite` });
  const sql = db.sql;
  try {
    await migrate(sql);
    await seedDemo(sql, { password: "Bench-Password-1!" });
    const [seg, old] = await sql<{ id: number; channel_id: number }[]>`
    select id, channel_id from segments where type = 'recording_question' order by id limit 2`;
    if (HISTORY && old.channel_id !== seg.channel_id) throw new Error("no second interaction in the channel");
    const started = performance.now();
    // `count` participations in a segment, every 10 s back from `ago` seconds
    const insert = (segmentId: number, count: number, ago: number) =>
      sql`
    insert into messages (channel_id, segment_id, type, content, text, transcript, duration_ms, author_name,
      author_city, read, liked, winner, broadcast_status, status, moderation, created_at)
    select ${seg.channel_id}, ${segmentId}, 'recording_question', '{}'::jsonb,
      case when g % 4 = 0 then (array['Bravo pour l''émission', 'Une question pour l''invité',
        'Merci pour la musique', 'Passez du jazz ce soir'])[1 + g % 4] end,
      (array['bonjour', 'dédicace', 'anniversaire', 'merci', 'matinale', 'vacances', 'chanson', 'maman',
        'retraite', 'festival', 'concert', 'soleil'])[1 + (g * 7) % 12] || ' ' ||
      (array['pour', 'avec', 'depuis', 'chez', 'sans'])[1 + g % 5] || ' ' ||
      (array['Lyon', 'la plage', 'mon frère', 'ma sœur', 'les voisins', 'l''équipe', 'Paul', 'Inès'])[1 + (g * 13) % 8]
        || ' message ' || g,
      10000 + (g % 50) * 1000,
      (array['Marie', 'Lucas', 'Emma', 'Hugo', 'Léa', 'Nathan', 'Chloé', 'Louis', 'Inès', 'Jules', 'Zoé',
        'Adam', 'Lina', 'Noah', 'Jade'])[1 + g % 15] || ' ' ||
      (array['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy',
        'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux'])[1 + (g / 15) % 18],
      (array['Lyon', 'Grenoble', 'Annecy', 'Valence', 'Vienne', 'Chambéry', 'Nantes', 'Lille'])[1 + g % 8],
      g % 10 < 7, g % 20 = 0, g % 1000 = 0,
      case when g % 50 = 0 then 'broadcast_2' when g % 33 = 0 then 'broadcast_1' else 'none' end,
      case when g % 10 = 9 then 'archived' when g % 31 = 0 then 'trash' else 'received' end,
      case when g % 97 = 0 then 'pending' else 'none' end,
      now() - (${ago}::int + g * 10) * interval '1 second'
    from generate_series(1, ${count}::int) g`;
    if (HISTORY) await insert(old.id, HISTORY, COUNT * 10);
    await insert(seg.id, COUNT, 0);
    // a few deliveries for the "uploaded" tab
    await sql`insert into deliveries (channel_id, message_id, status, finished_at)
    select channel_id, id, 'success', now() from messages where segment_id = ${seg.id} and id % 500 = 0`;
    // what autovacuum does on a server, and db/maintenance.ts on PGlite: statistics and the visibility map
    // (index-only counts)
    await vacuumDatabase(sql, { analyze: true });
    const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
    // what the counts of a search keep beside the messages: message_search (009) and its bitmaps (031)
    const [sizes] = await sql<{ search: number; bits: number; bit_rows: number }[]>`
      select pg_total_relation_size('message_search')::bigint as search,
        (pg_total_relation_size('search_bits') + pg_total_relation_size('search_chunks'))::bigint as bits,
        (select count(*) from search_bits)::int as bit_rows`;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

    const [op] = await sql<{ id: number }[]>`select id from users where login = 'operator'`;
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
    const token = await openSession(deps.sql, deps.jwtSecret, op.id, "staff");
    const list = (q: string) => `/api/v1/channel-interactions?segment_id=${seg.id}&${q}`;
    // searches never made before: each total is counted (the kept totals serve the 15 s polls)
    const words = [
      "bonjour",
      "dédicace",
      "anniversaire",
      "merci",
      "matinale",
      "vacances",
      "chanson",
      "maman",
      "retraite",
      "festival",
      "concert",
      "soleil",
      "Martin",
      "Bernard",
      "Dubois",
      "Thomas",
      "Robert",
      "Richard",
      "Grenoble",
      "Annecy",
      "Valence",
      "Chambéry",
      "Nantes",
    ];
    const fresh = words.flatMap((w) => [...w].map((_, n) => w.slice(0, n + 1)).filter((p) => p.length >= 3));
    const cases: [string, string | ((i: number) => string)][] = [
      ["list all, page 1", list("filter=all")],
      ["list all, page 100", list("filter=all&page=100")],
      ...["liked", "archive", "uploaded", "moderated", "winner", "trash"].map((f): [string, string] => [
        `tab ${f}`,
        list(`filter=${f}`),
      ]),
      ["search common word (bonjour)", list("search_text=bonjour")],
      [
        "search, a new word each time (total counted)",
        (i: number) => list(`search_text=${encodeURIComponent(fresh[i % fresh.length])}`),
      ],
      [
        "the inbox's own request: a new word with its tab counts",
        (i: number) =>
          list(`search_text=${encodeURIComponent(fresh[(i + 2 * RUNS + 5) % fresh.length])}&with_counts=1`),
      ],
      ["search name prefix (Zoé Gar)", list("search_text=Zo%C3%A9%20Gar")],
      ["search + tab liked", list("filter=liked&search_text=vacances")],
      ["counts", `/api/v1/interaction/counts?segment_id=${seg.id}`],
      ["counts with search", `/api/v1/interaction/counts?segment_id=${seg.id}&search_text=merci`],
      [
        "counts with a new word each time (counted)",
        (i: number) =>
          `/api/v1/interaction/counts?segment_id=${seg.id}&search_text=${
            encodeURIComponent(fresh[(i + RUNS + 3) % fresh.length])
          }`,
      ],
      ["moderation (channel, pending)", `/api/v1/channel-interactions?filter=moderated`],
    ];
    const rows: string[] = [];
    let worst = 0;
    let worstCase = "";
    const ask = (path: string) => app.request(path, { headers: { authorization: `Bearer ${token}` } });
    // the app's first requests compile its code, and the seed leaves garbage to collect: every case of fixed
    // requests is asked 3 times before any is timed, as a server that has been up a while answers them
    for (const [, path] of cases) {
      for (let i = 0; typeof path === "string" && i < 3; i++) {
        await (await ask(path)).body?.cancel();
      }
    }
    for (const [label, path] of cases) {
      // a case of new words starts with none kept (an earlier case may have searched one of its words)
      if (typeof path !== "string") await sql`delete from inbox_search_totals`;
      const times: number[] = [];
      let total = 0;
      let cpuStart = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        if (i === 3) cpuStart = cpu();
        const t0 = performance.now();
        const url = typeof path === "string" ? path : path(i);
        const res = await ask(url);
        const body = await res.json();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
        total = body.pagination?.total ?? body.all;
        if (i >= 3) times.push(ms);
      }
      const cpuPerRequest = (cpu() - cpuStart) / RUNS;
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      if (p(0.95) > worst) [worst, worstCase] = [p(0.95), label];
      rows.push(
        `| ${label} | ${p(0.5).toFixed(1)} | ${p(0.95).toFixed(1)} | ${
          cpuPerRequest.toFixed(1)
        } | ${total} |`,
      );
    }
    const database = serverUrl ? "PostgreSQL" : "PGlite";
    const goal = serverUrl ? GOAL_P95_MS.server : GOAL_P95_MS.pglite;
    return (
      [
        `## Participations inbox (${COUNT.toLocaleString("en")} participations on one interaction${
          HISTORY ? `, ${HISTORY.toLocaleString("en")} older ones in another of the channel` : ""
        }, ${serverUrl ? "PostgreSQL server" : "embedded PGlite"})`,
        "",
        `Seeded in ${seedSeconds} s with generate_series; ${RUNS} timed requests per case after 3 warm-ups (and 3 of`,
        "every case of fixed requests before the first), through app.request (routing, auth, validation, SQL, " +
        "JSON). Search counts kept in " +
        `message_search ${mb(sizes.search)} MB and its bitmaps ${mb(sizes.bits)} MB ` +
        `(${sizes.bit_rows.toLocaleString("en")} lexeme rows), indexes included.`,
        "",
        `| case | p50 ms | p95 ms | CPU ms per request${
          serverUrl && !postmaster ? " (app only: shared server)" : ""
        } | total |`,
        "|---|---:|---:|---:|---:|",
        ...rows,
        "",
        `worst p95: ${worst.toFixed(1)} ms, ${worstCase} (goal ≤ ${goal} ms); load average ${loadAverage()}`,
        "",
        rowLine(
          `Inbox at ${COUNT.toLocaleString("en")} participations, worst p95, ${database}`,
          `${worst.toFixed(1)} ms (${worstCase}); ${RUNS} requests per case; load average ${loadAverage()}`,
          Number(worst.toFixed(1)),
          `≤ ${goal} ms`,
        ),
      ].join("\n")
    );
  } finally {
    await db.close();
    await dropDatabase?.();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}

let pg: PgServer | null = null;
try {
  const serverUrl = Deno.env.get("DATABASE_URL") ?? (PG_BIN ? (pg = await startPostgres()).url : null);
  const postmaster = pg ? pidOfPort(Number(new URL(pg.url).port)) : null;
  const sections = serverUrl ? [await bench(serverUrl, postmaster)] : [];
  if (!Deno.env.get("DATABASE_URL")) sections.push(await bench(null));
  console.log(sections.join("\n\n"));
} finally {
  await pg?.destroy();
}
