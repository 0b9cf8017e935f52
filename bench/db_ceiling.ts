// The ceiling of PostgreSQL itself on this machine: pgbench inserting one row per transaction, the
// shape of a vote, with as many clients as the vote benchmark's voters.
// Usage: deno run -A bench/db_ceiling.ts [seconds, default 15]
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { table } from "../tests/_server.ts";

const SECONDS = Number(Deno.args[0] ?? 15);
if (!PG_BIN) {
  console.log("## PostgreSQL ceiling\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}
const pg = await startPostgres({ maxConnections: 300 });
try {
  const script = await Deno.makeTempFile({ suffix: ".sql" });
  await Deno.writeTextFile(
    script,
    "\\set choice random(1, 4)\ninsert into votes (segment_id, choice_id, device_id) values (1, :choice, md5(random()::text));\n",
  );
  const url = new URL(pg.url);
  const env = { PGHOST: url.hostname, PGPORT: url.port, PGUSER: "postgres", PGDATABASE: "postgres" };
  const psql = await new Deno.Command(`${PG_BIN}/psql`, {
    args: [
      "-q",
      "-c",
      "create table votes (id bigint generated always as identity primary key, segment_id bigint, choice_id bigint, device_id text, created_at timestamptz default now())",
    ],
    env,
  }).output();
  if (!psql.success) throw new Error(new TextDecoder().decode(psql.stderr));
  const rows: (string | number)[][] = [];
  for (const clients of [1, 50, 200]) {
    const out = await new Deno.Command(`${PG_BIN}/pgbench`, {
      args: ["-n", "-c", String(clients), "-j", "2", "-T", String(SECONDS), "-f", script, "-r"],
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    const tps = text.match(/tps = ([\d.]+)/)?.[1] ?? "?";
    const latency = text.match(/latency average = ([\d.]+) ms/)?.[1] ?? "?";
    rows.push([clients, Math.round(Number(tps)), latency]);
  }
  console.log(`## PostgreSQL ceiling (pgbench, one-row insert per transaction, ${SECONDS} s, fsync off)\n`);
  console.log(table(["clients", "inserts/s", "latency avg ms"], rows));
  await Deno.remove(script);
} finally {
  await pg.destroy();
}
