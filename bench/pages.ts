// Requests per second and latency of public pages, each against a small static file served by the
// same server in the same run (the ceiling of this stack on this machine). Load: autocannon.
// Usage: deno run -A bench/pages.ts [seconds per page, default 10]
import autocannon from "autocannon";
import { startServer, table } from "../tests/_server.ts";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const CONNECTIONS = 50;

// a real PostgreSQL with the demo data when one is installed, else the embedded database
const pg = PG_BIN ? await startPostgres({ maxConnections: 200 }) : null;
const server = await startServer(
  pg ? { DATABASE_URL: pg.url, DATABASE_POOL_MAX: "20" } : {},
  undefined,
  async () => await pg?.destroy(),
);
try {
  const pages: [string, string][] = [
    ["static file (ceiling)", "/static/favicon.svg"],
    ["health check (one query)", "/healthz"],
    ["QR code page", "/qr-code?qrData=https%3A%2F%2Fexample.org%2Fs%2Fabc"],
    ["channel widget home", "/widgets/channel/1/"],
    ["single-interaction widget", "/widgets/1/1/"],
  ];
  const rows: (string | number)[][] = [];
  let ceiling = 0;
  for (const [label, path] of pages) {
    const probe = await fetch(server.baseUrl + path, { redirect: "manual" });
    await probe.body?.cancel();
    if (probe.status !== 200) {
      rows.push([label, path, `not measured (status ${probe.status})`, "", "", ""]);
      continue;
    }
    const result = await autocannon({
      url: server.baseUrl + path,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const rps = Math.round(result.requests.average);
    if (ceiling === 0) ceiling = rps;
    rows.push([
      label,
      path,
      rps,
      result.latency.p50,
      result.latency.p99,
      `${Math.round((rps / ceiling) * 100)} %`,
    ]);
  }
  const database = pg ? "PostgreSQL server" : "embedded database";
  console.log(`## Pages (${CONNECTIONS} connections, ${SECONDS} s each, ${database}, demo data)\n`);
  console.log(table(["page", "path", "req/s", "p50 ms", "p99 ms", "of ceiling"], rows));
} finally {
  await server.stop();
  await pg?.destroy();
}
