// Requests per second and latency of public pages as a browser asks for them (brotli or gzip), each as a
// ratio to a bare `Deno.serve` hello world measured in the same run (the ceiling of the runtime on this
// machine), and the server's resident memory after the load. Load: autocannon.
// Each row also gives the server's CPU milliseconds per request (a figure a busy machine disturbs far less
// than a rate), and the rows of the speed goals' table are printed again as `ROW` lines for bench/run.ts.
// Usage: deno run -A bench/pages.ts [seconds per page, default 10]
import autocannon from "autocannon";
import { treeCpuMs } from "./_cpu.ts";
import { type ChildServer, startServer, table } from "../tests/_server.ts";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { startProxy } from "./_proxy.ts";
import { request } from "node:http";
import { loadAverage, startHello, startSameBytes } from "./_hello.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const CONNECTIONS = 50;

// a real PostgreSQL with the demo data when one is installed, else the embedded database
const pg = PG_BIN ? await startPostgres({ maxConnections: 200 }) : null;
const server = await startServer(
  // no background worker in the web process: the demo's media jobs would take the CPU of the first rows
  pg ? { DATABASE_URL: pg.url, DATABASE_POOL_MAX: "20", WORKER: "off" } : { WORKER: "off" },
  undefined,
  async () => await pg?.destroy(),
);
const others: ChildServer[] = [];
try {
  const pages: [string, string][] = [
    ["the app's static file", "/static/favicon.svg"],
    ["robots.txt", "/robots.txt"],
    ["health check (one query)", "/healthz"],
    ["QR code page", "/qr-code?qrData=https%3A%2F%2Fexample.org%2Fs%2Fabc"],
    ["channel widget home", "/widgets/channel/1/"],
    ["single-interaction widget", "/widgets/1/1/"],
  ];
  const rows: (string | number)[][] = [];
  const loadBefore = loadAverage();
  const perRequest = (cpuMs: number, requests: number) => requests > 0 ? (cpuMs / requests).toFixed(3) : "";
  const measured = new Map<
    string,
    { rps: number; ceiling: number; ratio: number; hello: number; bytes?: number }
  >();
  const headers = { "accept-encoding": "br, gzip", "accept-language": "en" };
  // the ceiling: a bare Deno.serve hello world, in a process of its own like the app
  const hello = await startHello();
  const helloPort = hello.port;
  // the machine is shared and its load moves: the pages of the speed goals' table are each compared with a
  // hello world run just before them, the other rows with the first one
  const helloRun = async () => {
    const cpu = treeCpuMs(hello.pid);
    const run = await autocannon({
      url: `http://127.0.0.1:${helloPort}/`,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    return {
      run,
      rps: Math.round(run.requests.average),
      cpu: perRequest(treeCpuMs(hello.pid) - cpu, run.requests.total),
    };
  };
  const bare = await helloRun();
  const ceiling = bare.rps;
  rows.push([
    "bare Deno.serve hello world (ceiling)",
    "/",
    ceiling,
    bare.run.latency.p50,
    bare.run.latency.p99,
    bare.cpu,
    "",
    "1",
  ]);
  // the server finishes what its start left (the demo's data, the first analyses) before the load: up to
  // 30 s for a second in which it spends under 30 CPU ms; what it spends idle is printed beside the rows
  let idleMsPerS = Infinity;
  for (let waited = 0; waited < 30 && idleMsPerS > 30; waited++) {
    const idleStart = treeCpuMs(server.pid), idleFrom = performance.now();
    await new Promise((r) => setTimeout(r, 1000));
    idleMsPerS = (treeCpuMs(server.pid) - idleStart) / ((performance.now() - idleFrom) / 1000);
  }
  const adjacent = new Set(["the app's static file", "channel widget home", "single-interaction widget"]);
  // a widget page carries its styles and its own module (about 19-25 kB in brotli): at that size the load
  // tool reading the answers, not the server, sets the rate, and a bare Deno.serve answering the page's own
  // bytes is the ceiling its ratio is taken to (the hello world's ratio is printed beside it)
  const ownBytes = new Set(["channel widget home", "single-interaction widget"]);
  const sameBytesRun = async (path: string) => {
    const { body, headers: sent } = await rawAnswer(server.baseUrl + path, headers);
    const bare = await startSameBytes(body, sent);
    try {
      const run = await autocannon({
        url: `http://127.0.0.1:${bare.port}/`,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      return { rps: Math.round(run.requests.average), bytes: body.length };
    } finally {
      await bare.stop();
    }
  };
  try {
    for (const [label, path] of pages) {
      const probe = await fetch(server.baseUrl + path, { redirect: "manual", headers });
      await probe.body?.cancel();
      if (probe.status !== 200) {
        rows.push([label, path, `not measured (status ${probe.status})`, "", "", "", "", ""]);
        continue;
      }
      const hello = adjacent.has(label) ? (await helloRun()).rps : ceiling;
      const own = ownBytes.has(label) ? await sameBytesRun(path) : null;
      const near = own?.rps ?? hello;
      const cpuBefore = treeCpuMs(server.pid);
      const result = await autocannon({
        url: server.baseUrl + path,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
      });
      const cpuPerRequest = perRequest(treeCpuMs(server.pid) - cpuBefore, result.requests.total);
      const rps = Math.round(result.requests.average);
      measured.set(label, { rps, ceiling: near, ratio: rps / near, hello, bytes: own?.bytes });
      rows.push([
        label,
        path,
        rps,
        result.latency.p50,
        result.latency.p99,
        cpuPerRequest,
        adjacent.has(label) ? hello : "",
        own ? `${own.rps} (${(own.bytes / 1024).toFixed(1)} kB)` : "",
        (rps / near).toFixed(3),
        own ? (rps / hello).toFixed(3) : "",
      ]);
    }
  } finally {
    await hello.stop();
  }
  const database = pg ? "PostgreSQL server" : "embedded database";
  console.log(`## Pages (${CONNECTIONS} connections, ${SECONDS} s each, ${database}, demo data)\n`);
  console.log(
    table(
      [
        "page",
        "path",
        "req/s",
        "p50 ms",
        "p99 ms",
        "server CPU ms/req",
        "hello world just before",
        "bare Deno.serve of the page's own bytes",
        "÷ ceiling",
        "÷ hello world",
      ],
      rows,
    ),
  );
  console.log(
    `\nThe server spends ${idleMsPerS.toFixed(1)} CPU ms/s idle. ` +
      `Load average (1 min) before the run: ${loadBefore}, after: ${loadAverage()}`,
  );
  const rss = (await Deno.readTextFile(`/proc/${server.pid}/status`).catch(() => ""))
    .match(/VmRSS:\s+(\d+) kB/)?.[1];
  const rssMb = rss ? Math.round(Number(rss) / 1024) : NaN;
  console.log(`\nServer resident memory after the load: ${rss ? `${rssMb} MB` : "unknown"}`);
  // the speed goals' table, one machine-readable line per row: measure, figure, ratio or value, goal
  const row = (measure: string, label: string, goal: string) => {
    const m = measured.get(label);
    if (!m) return;
    const ratio = m.ratio.toFixed(3);
    const figure = m.bytes
      ? `${m.rps} ÷ ${m.ceiling} (bare Deno.serve of its ${(m.bytes / 1024).toFixed(1)} kB) = ${ratio}; ` +
        `÷ hello world ${m.hello}: ${(m.rps / m.hello).toFixed(3)}`
      : `${m.rps} ÷ ${m.ceiling} = ${ratio}`;
    console.log(["ROW", measure, figure, ratio, goal].join("\t"));
  };
  row(
    "Widget pages, req/s ÷ bare Deno.serve of the same bytes (single)",
    "single-interaction widget",
    "≥ 0.25",
  );
  row(
    "Widget pages, req/s ÷ bare Deno.serve of the same bytes (channel home)",
    "channel widget home",
    "≥ 0.25",
  );
  row("static file ÷ hello world", "the app's static file", "≥ 0.5");
  if (rss) {
    console.log(
      ["ROW", "Server resident memory after the page bench", `${rssMb} MB`, rssMb, "printed"].join("\t"),
    );
  }
  if (pg) await scaleOut(pg.url, server.baseUrl, pages.slice(-2), headers);
} finally {
  for (const other of others) await other.stop();
  await server.stop();
  await pg?.destroy();
}

/**
 * The widget pages through a small round-robin proxy (a process of its own) in front of one instance, then
 * of two instances on the same database: the scaling factor is two ÷ one, both paying the same proxy.
 */
async function scaleOut(databaseUrl: string, first: string, paths: [string, string][], headers: HeadersInit) {
  const second = await startServer({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: "20",
    SEED: "0",
    WORKER: "off",
  });
  others.push(second);
  const through = async (upstreams: string[], path: string) => {
    const proxy = await startProxy(upstreams);
    try {
      const result = await autocannon({
        url: proxy.url + path,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: headers as Record<string, string>,
      });
      return Math.round(result.requests.average);
    } finally {
      await proxy.stop();
    }
  };
  const scaled: (string | number)[][] = [];
  for (const [label, path] of paths) {
    const one = await through([first], path);
    const two = await through([first, second.baseUrl], path);
    scaled.push([label, one, two, (two / one).toFixed(2)]);
  }
  console.log(
    `\n## Two instances behind one port (round-robin proxy, ${navigator.hardwareConcurrency} cores shared)\n`,
  );
  console.log(table(["page", "one instance req/s", "two instances req/s", "scaling factor"], scaled));
}

/** A response's bytes as sent (still compressed: fetch would decode them) and the headers a browser reads. */
function rawAnswer(url: string, headers: Record<string, string>) {
  return new Promise<{ body: Uint8Array; headers: Record<string, string> }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on("data", (c: Uint8Array) => chunks.push(c));
      res.on("end", () => {
        const kept: Record<string, string> = {};
        for (const name of ["content-type", "content-encoding", "vary", "cache-control"]) {
          const value = res.headers[name];
          if (typeof value === "string") kept[name] = value;
        }
        const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const c of chunks) body.set(c, (at += c.length) - c.length);
        resolve({ body, headers: kept });
      });
    }).on("error", reject).end();
  });
}
