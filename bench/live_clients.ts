// Many open live screens on one instance (an on-air overlay per studio screen): N overlay clients hold their server-sent event
// stream open on one interaction; prints the server's memory per client and its CPU while they are idle
// and while votes flow. The ceiling, measured in the same run: a bare Deno.serve holding as many event
// streams (a keep-alive comment every 15 s), in a process of its own like the app.
// Usage: deno run -A bench/live_clients.ts [clients, default 1000] [seconds idle, default 20]
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { startServer, table } from "../tests/_server.ts";
import { readSse, type SseReader } from "../tests/_sse.ts";
import { testDevice } from "../tests/api/_participation.ts";
import { SERVER_SECRET } from "../tests/reliability/_votes.ts";
import { newOverlayToken } from "../lib/rules/overlay.ts";
import { treeCpuMs } from "./_cpu.ts";

const CLIENTS = Number(Deno.args[0] ?? 1000);
const SECONDS = Number(Deno.args[1] ?? 20);
if (!PG_BIN) {
  console.log("## Live clients\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}

const rssMb = (pid: number) => {
  const kb = Number(Deno.readTextFileSync(`/proc/${pid}/status`).match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN);
  return kb / 1024;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens the streams in batches (a station's audience arrives over seconds, not in one instant). */
async function open(url: string, ready: (c: SseReader) => Promise<unknown>): Promise<SseReader[]> {
  const clients: SseReader[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    clients.push(
      ...await Promise.all(
        Array.from({ length: Math.min(100, CLIENTS - i) }, async () => {
          const c = readSse(await fetch(url, { headers: { accept: "text/event-stream" } }));
          await ready(c);
          return c;
        }),
      ),
    );
  }
  return clients;
}

/** Resident memory before and with the clients, and CPU ms per second while they are idle. */
async function measure(pid: number, url: string, ready: (c: SseReader) => Promise<unknown>) {
  await sleep(2000);
  const before = rssMb(pid);
  const clients = await open(url, ready);
  await sleep(3000);
  const with_ = rssMb(pid);
  const cpu0 = treeCpuMs(pid);
  await sleep(SECONDS * 1000);
  const idleCpu = (treeCpuMs(pid) - cpu0) / SECONDS;
  return { clients, before, with_, idleCpu };
}

// the ceiling: a bare Deno.serve that holds event streams open
const bare = new Deno.Command(Deno.execPath(), {
  args: [
    "eval",
    `Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: (a) => console.log(a.port) }, () => {
      let timer;
      const body = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode("event: state\\ndata: {}\\n\\n"));
          timer = setInterval(() => c.enqueue(new TextEncoder().encode(": keep-alive\\n\\n")), 15000);
        },
        cancel() { clearInterval(timer); },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    })`,
  ],
  stdout: "piped",
}).spawn();
const reader = bare.stdout.getReader();
const barePort = Number(new TextDecoder().decode((await reader.read()).value).trim());
reader.releaseLock();
const ceiling = await measure(bare.pid, `http://127.0.0.1:${barePort}/`, (c) => c.next(() => true, 30_000));
await Promise.all(ceiling.clients.map((c) => c.close()));
bare.kill("SIGTERM");
await bare.status;

const pg = await startPostgres({ maxConnections: 100 });
const server = await startServer(
  { DATABASE_URL: pg.url, DATABASE_POOL_MAX: "20", TRUST_PROXY: "on" },
  undefined,
  () => pg.destroy(),
);
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
try {
  const [channel] = await sql<{ id: number }[]>`select id::int from channels order by id limit 1`;
  const [segment] = await sql<{ id: number }[]>`
    insert into segments (channel_id, type, title, status, start_date, from_mode, to_mode, show_results,
      limit_1_vote, gather_information)
    values (${channel.id}, 'single_choice_question', 'Bench clients', 'published', now() - interval '1 hour',
      'now', 'permanent', true, true, false)
    returning id::int`;
  const choices = (await sql<{ id: number }[]>`
    insert into segment_choices (segment_id, position, label)
    select ${segment.id}, p, 'Choice ' || p from generate_series(0, 3) p returning id::int`).map((c) => c.id);
  const token = newOverlayToken();
  await sql`insert into segment_overlays (segment_id, token) values (${segment.id}, ${token})`;
  // the server is idle first (the demo's media are made at start)
  for (let last = treeCpuMs(server.pid), quiet = 0, i = 0; quiet < 2 && i < 240; i++) {
    await sleep(1000);
    const now = treeCpuMs(server.pid);
    quiet = now - last < 50 ? quiet + 1 : 0;
    last = now;
  }
  const app = await measure(
    server.pid,
    `${server.baseUrl}/overlay/${token}/events`,
    (c) => c.next((e) => e.event === "state", 60_000),
  );
  // then 10 votes a second for 10 s: every client must see the last one
  const cpu0 = treeCpuMs(server.pid);
  for (let i = 0; i < 100; i++) {
    await fetch(`${server.baseUrl}/api/v1/interactions`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.1.${i >> 8}.${i & 255}` },
      body: JSON.stringify({
        channel_id: channel.id,
        segment: segment.id,
        device_id: testDevice(`clients-${i}-${crypto.randomUUID()}`, SERVER_SECRET),
        content: { choice_ids: [choices[i % 4]] },
      }),
    }).then((r) => r.body?.cancel());
    await sleep(100);
  }
  const started = performance.now();
  const seen = await Promise.all(
    app.clients.map((c) =>
      c.next((e) => e.json?.results?.total >= 100, 30_000).then(() => true, () => false)
    ),
  );
  const lastVoteMs = performance.now() - started;
  const votingCpu = (treeCpuMs(server.pid) - cpu0) / 10;
  await Promise.all(app.clients.map((c) => c.close()));
  const perClientKb = (m: { before: number; with_: number }) => ((m.with_ - m.before) * 1024) / CLIENTS;
  console.log(`## Live clients: ${CLIENTS} open overlay streams on one instance (PostgreSQL)\n`);
  console.log(table(
    ["server", "RSS before MB", `RSS with ${CLIENTS} MB`, "KB per client", "idle CPU ms/s", "÷ ceiling (KB)"],
    [
      [
        "bare Deno.serve event streams (ceiling)",
        ceiling.before.toFixed(0),
        ceiling.with_.toFixed(0),
        perClientKb(ceiling).toFixed(1),
        ceiling.idleCpu.toFixed(1),
        "1",
      ],
      [
        "app: /overlay/{token}/events",
        app.before.toFixed(0),
        app.with_.toFixed(0),
        perClientKb(app).toFixed(1),
        app.idleCpu.toFixed(1),
        (perClientKb(app) / perClientKb(ceiling)).toFixed(2),
      ],
    ],
  ));
  console.log(
    `\n10 votes/s for 10 s: server CPU ${votingCpu.toFixed(0)} ms/s; ` +
      `${seen.filter(Boolean).length}/${CLIENTS} clients saw the last vote, ${
        lastVoteMs.toFixed(0)
      } ms after it`,
  );
} finally {
  await sql.end();
  await server.stop();
  await pg.destroy();
}
