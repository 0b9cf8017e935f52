// The ceiling of PostgreSQL itself on this machine: pgbench inserting one row per transaction, the
// shape of a vote, with as many clients as the vote benchmark's voters.
// Usage: deno run -A bench/db_ceiling.ts [seconds, default 15]
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { table } from "../tests/_server.ts";
import { pgbenchInserts } from "./_pgbench.ts";
import { rowLine } from "./_rows.ts";
import { QUICK } from "./_hello.ts";

const SECONDS = Number(Deno.args[0] ?? (QUICK ? 5 : 15));
if (!PG_BIN) {
  console.log("## PostgreSQL ceiling\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}
const pg = await startPostgres({ maxConnections: 300 });
try {
  const rows: (string | number)[][] = [];
  for (const clients of [1, 50, 200]) {
    const { tps, latencyMs } = await pgbenchInserts(pg.url, clients, SECONDS);
    rows.push([clients, tps, latencyMs]);
  }
  console.log(`## PostgreSQL ceiling (pgbench, one-row insert per transaction, ${SECONDS} s, fsync off)\n`);
  console.log(table(["clients", "inserts/s", "latency avg ms"], rows));
  const [, fifty] = rows;
  console.log(rowLine(
    "pgbench one-row inserts/s, 50 clients (ceiling of the votes)",
    `${fifty[1]} inserts/s, latency avg ${fifty[2]} ms, ${SECONDS} s`,
    Number(fifty[1]),
    "ceiling",
  ));
} finally {
  await pg.destroy();
}
