// The server's footprint on PostgreSQL, as a small container or an isolate's memory limit sees it: the time
// from the process's start to its first answered request (migrations already applied by an earlier start),
// its resident memory and V8 heap after that start, then after a page load and a vote load, and the sizes
// of the in-process caches that hold memory (from /metrics). Goals: ≤ 500 ms to start, ≤ 150 MB after the
// start, ≤ 200 MB after the loads.
// Usage: deno run -A bench/footprint.ts [seconds per load, default 5]
import autocannon from "autocannon";
import postgres from "postgres";
import { table } from "../tests/_server.ts";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { newVote, vote } from "../tests/reliability/_votes.ts";
import { loadAverage } from "./_hello.ts";
import { startTaskFlags } from "../tests/_start_flags.ts";

const SECONDS = Number(Deno.args[0] ?? 5);
const TOKEN = "footprint-metrics-token-0123456789";
if (!PG_BIN) throw new Error("bench/footprint.ts needs a PostgreSQL server under /usr/lib/postgresql");

const rssMb = (pid: number) => {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

// run as `deno task start` runs it, with its V8 flags (young generation 8 MB a semi-space, old 256 MB)
const SERVER = ["run", "-A", ...startTaskFlags(), new URL("../scripts/start.ts", import.meta.url).pathname];
// the runtime's own start on this machine, timed the same way: what the server's start is divided by
const HELLO = [
  "eval",
  `Deno.serve({ port: +Deno.env.get("PORT"), hostname: "127.0.0.1" }, () => new Response("ok"))`,
];

/** Starts `args` (scripts/start.ts) and times it from the spawn to the first 200 of /healthz (polled every 5 ms). */
async function start(env: Record<string, string>, args = SERVER) {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env: { PORT: String(port), HOSTNAME: "127.0.0.1", LOG_REQUESTS: "off", ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  while (true) {
    const res = await fetch(`${base}/healthz`).catch(() => null);
    await res?.body?.cancel();
    if (res?.ok) break;
    if (performance.now() - spawned > 120_000) throw new Error("the server did not start within 120 s");
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = Math.round(performance.now() - spawned);
  return {
    base,
    pid: child.pid,
    startMs,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** The figures of /metrics whose name matches `pattern`, as name{labels} → value. */
async function metrics(base: string, pattern: RegExp): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }))
    .text();
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m = /^([^#].*) (\S+)$/.exec(line);
    if (m && pattern.test(m[1])) out.set(m[1], Number(m[2]));
  }
  return out;
}

const pg = await startPostgres({ maxConnections: 200 });
const dataDir = await Deno.makeTempDir({ prefix: "im-footprint-" });
const env = {
  DATABASE_URL: pg.url,
  DATABASE_POOL_MAX: "20",
  WORKER: "off",
  DATA_DIR: dataDir,
  DEMO_PASSWORD: "Bench-Password-1!",
  JWT_SECRET: "shared-secret-of-the-test-instances-0123456789",
  METRICS_TOKEN: TOKEN,
};
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
try {
  // the first start migrates and writes the demo data; the one measured finds them done
  const first = await start({ ...env, SEED: "1" });
  await first.stop();
  // three starts of each, alternated, so a moment of the shared machine's load weighs on both alike
  const starts: number[] = [], hellos: number[] = [];
  for (let i = 0; i < 3; i++) {
    const hello = await start({}, HELLO);
    hellos.push(hello.startMs);
    await hello.stop();
    const again = await start({ ...env, SEED: "0" });
    starts.push(again.startMs);
    await again.stop();
  }
  const median = (ms: number[]) => ms.toSorted((a, b) => a - b)[1];
  const server = await start({ ...env, SEED: "0" });
  const rows: (string | number)[][] = [];
  const heap = async () => {
    const m = await metrics(server.base, /^im_heap_(used|total)_bytes$|^im_cache_bytes/);
    const mb = (n = 0) => (n / 1024 / 1024).toFixed(1);
    const caches = [...m].filter(([k]) => k.startsWith("im_cache_bytes")).map(([k, v]) =>
      `${/cache="([^"]+)"/.exec(k)?.[1]} ${(v / 1024).toFixed(0)} kB`
    );
    return {
      heap: `${mb(m.get("im_heap_used_bytes"))} / ${mb(m.get("im_heap_total_bytes"))}`,
      caches: caches.join(", ") || "-",
    };
  };
  await new Promise((r) => setTimeout(r, 1000)); // what the start left running settles
  let h = await heap();
  rows.push(["after start", rssMb(server.pid), h.heap, h.caches, "≤ 150"]);

  const pages = ["/widgets/channel/1/", "/widgets/1/1/", "/healthz", "/static/favicon.svg", "/robots.txt"];
  for (const path of pages) {
    await autocannon({
      url: `${server.base}${path}`,
      connections: 50,
      duration: SECONDS,
      headers: { "accept-encoding": "br, gzip", "accept-language": "en" },
    });
  }
  h = await heap();
  rows.push(["after the page load", rssMb(server.pid), h.heap, h.caches, "≤ 200"]);

  const ballot = await newVote(sql);
  const until = Date.now() + SECONDS * 1000;
  const { acked } = await vote(() => server.base, ballot, 50, () => Date.now() > until);
  h = await heap();
  rows.push([`after ${acked.size} votes`, rssMb(server.pid), h.heap, h.caches, "≤ 200"]);
  await server.stop();

  console.log(
    `\nstart to the first answered request (migrations applied), median of 3: ${median(starts)} ms ` +
      `(goal ≤ 500 ms; starts ${starts.join(", ")} ms); a bare Deno.serve's: ${median(hellos)} ms, ` +
      `ratio ${(median(starts) / median(hellos)).toFixed(1)}; load average ${loadAverage()}\n`,
  );
  console.log(table(["moment", "resident MB", "heap used / reserved MB", "caches", "goal MB"], rows));
  console.log("\nbare Deno.serve hello world, for scale: about 43 MB resident");
} finally {
  await sql.end();
  await pg.destroy();
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
}
