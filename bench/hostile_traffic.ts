// Hostile traffic: what slow clients and a crowd of live streams cost the server, and whether /healthz still
// answers. The server runs in a child process (embedded database); the attacker uses raw TCP connections so
// the load generator stays small. Printed: the server's resident memory before, during and after each attack,
// the memory per open live stream, /healthz latency (p50/p95/max) during each attack, and how the attack's
// connections were answered. The floor beside it: what an open stream costs a bare `Deno.serve` that answers
// every request with a stream it never ends, measured in the same run.
//   deno run -A bench/hostile_traffic.ts [slow connections, default 1000] [live streams, default 1000]
import { startServer, table } from "../tests/_server.ts";
import { serveInChild } from "./_hello.ts";

const SLOW = Number(Deno.args[0] ?? 1000);
const STREAMS = Number(Deno.args[1] ?? 1000);
/** How long each attack is held open while /healthz is timed. */
const HOLD_MS = Number(Deno.env.get("BENCH_QUICK") ? 5000 : 15_000);

const server = await startServer({ LOG_REQUESTS: "off" });
const port = Number(new URL(server.baseUrl).port);
const encoder = new TextEncoder();
const rssMb = (pid = server.pid) => {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const pct = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/** /healthz every 100 ms until `stop` resolves: the latencies (ms), a failed or slow answer as Infinity. */
async function timeHealth(stop: Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  stop.then(() => done = true);
  while (!done) {
    const started = performance.now();
    try {
      const res = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) });
      await res.body?.cancel();
      times.push(res.ok ? performance.now() - started : Infinity);
    } catch {
      times.push(Infinity);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return times;
}

/** Opens a connection, sends `head`, and keeps the status line the server answers (or "open"/"closed"). */
async function attacker(
  head: string,
  trickle: boolean,
  until: Promise<void>,
  to = { port, pid: server.pid },
): Promise<string> {
  let conn: Deno.Conn;
  try {
    conn = await Deno.connect({ hostname: "127.0.0.1", port: to.port });
  } catch {
    return "refused";
  }
  let outcome = "open";
  let ended = false;
  const reading = (async () => {
    const buf = new Uint8Array(512);
    try {
      const n = await conn.read(buf);
      if (n === null) return void (outcome = "closed");
      outcome = new TextDecoder().decode(buf.subarray(0, n)).split("\r\n")[0].replace("HTTP/1.1 ", "");
      while (await conn.read(buf) !== null) { /* the stream */ }
    } catch { /* reset */ }
    ended = true;
  })();
  try {
    await conn.write(encoder.encode(head));
    // a byte every 2 s of the declared body, until the attack ends or the server cuts it off
    while (trickle && !ended) {
      const stop = await Promise.race([
        until.then(() => true),
        new Promise((r) => setTimeout(r, 2000, false)),
      ]);
      if (stop || ended) break;
      await conn.write(encoder.encode("{"));
    }
  } catch { /* cut off */ }
  await Promise.race([until, reading]);
  try {
    conn.close();
  } catch { /* already closed */ }
  return outcome;
}

/** Runs one attack of `n` connections for HOLD_MS: memory and /healthz figures. */
async function attack(
  name: string,
  n: number,
  head: string,
  trickle: boolean,
  to = { port, pid: server.pid },
) {
  const before = rssMb(to.pid);
  let release!: () => void;
  const until = new Promise<void>((r) => release = r);
  const health = to.pid === server.pid ? timeHealth(until) : until.then(() => []);
  const outcomes: Promise<string>[] = [];
  for (let i = 0; i < n; i++) {
    outcomes.push(attacker(head, trickle, until, to));
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 10));
  }
  let peak = before;
  const deadline = Date.now() + HOLD_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    peak = Math.max(peak, rssMb(to.pid));
  }
  const during = rssMb(to.pid);
  release();
  const answered = new Map<string, number>();
  for (const o of await Promise.all(outcomes)) answered.set(o, (answered.get(o) ?? 0) + 1);
  const times = await health;
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssMb(to.pid);
  return { name, n, before, during, peak, after, times, answered };
}

try {
  // a first start makes the demo's media (ffmpeg): measured once /healthz answers at once three times running
  for (let fast = 0, tries = 0; fast < 3 && tries < 120; tries++) {
    const times = await timeHealth(new Promise((r) => setTimeout(r, 50)));
    fast = times[0] < 50 ? fast + 1 : 0;
    await new Promise((r) => setTimeout(r, 500));
  }
  const segment = await (async () => {
    for (let id = 1; id < 200; id++) {
      const res = await fetch(`${server.baseUrl}/api/v1/show_segments/${id}/vote-results/live`);
      await res.body?.cancel();
      if (res.ok) return id;
    }
    throw new Error("no interaction with public results in the demo data");
  })();
  const slowBody = `POST /api/v1/interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
    `Content-Length: 900000\r\n\r\n`;
  const slowHeaders = `GET /healthz HTTP/1.1\r\nHost: x\r\n`;
  const stream = `GET /api/v1/show_segments/${segment}/vote-results/live HTTP/1.1\r\nHost: x\r\n` +
    `Accept: text/event-stream\r\n\r\n`;
  const runs = [
    await attack("slow bodies (900 KB declared, a byte every 2 s)", SLOW, slowBody, true),
    await attack("slow headers (never finished)", SLOW, slowHeaders, false),
    await attack("open live streams (vote-results/live)", STREAMS, stream, false),
  ];
  const mb = (x: number) => x.toFixed(0);
  const ms = (x: number) => Number.isFinite(x) ? x.toFixed(1) : "timeout";
  console.log("## Hostile traffic: slow clients and live streams\n");
  console.log(
    `Server memory (RSS, MB) and /healthz latency (ms) while each attack is held ${HOLD_MS / 1000} s.\n`,
  );
  console.log(table(
    ["attack", "connections", "before", "peak", "after", "healthz p50", "p95", "max", "answered"],
    runs.map((r) => [
      r.name,
      r.n,
      mb(r.before),
      `${mb(r.peak)} (+${mb(r.peak - r.before)})`,
      mb(r.after),
      ms(pct(r.times, 0.5)),
      ms(pct(r.times, 0.95)),
      ms(Math.max(...r.times)),
      [...r.answered].map(([k, v]) => `${k}: ${v}`).join(", "),
    ]),
  ));
  const streams = runs[2];
  const opened = streams.answered.get("200 OK") ?? 0;
  // the floor: a bare Deno.serve holding the same number of never-ending streams
  const bare = await serveInChild(
    `Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: (a) => console.log(a.port) }, () =>
    new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode("retry: 1000\\n\\n")) }),
      { headers: { "content-type": "text/event-stream" } }))`,
  );
  const floor = await attack("bare Deno.serve streams", STREAMS, stream, false, bare).finally(() =>
    bare.stop()
  );
  const floorOpened = floor.answered.get("200 OK") ?? 0;
  if (opened > 0 && floorOpened > 0) {
    const each = (streams.peak - streams.before) * 1024 / opened;
    const floorEach = (floor.peak - floor.before) * 1024 / floorOpened;
    console.log(
      `\nPer open live stream: ${each.toFixed(1)} KB (${opened} streams open); a bare Deno.serve stream ` +
        `${floorEach.toFixed(1)} KB (${floorOpened} open): ${
          (each / floorEach).toFixed(2)
        } × the runtime's floor`,
    );
  }
} finally {
  await server.stop();
}
