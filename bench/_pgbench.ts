// PostgreSQL's own ceiling for a vote-shaped write: pgbench inserting one row per transaction into a
// bare table, on a server of tests/_postgres.ts (bench/db_ceiling.ts, and the ratio of bench/votes.ts).
import { PG_BIN } from "../tests/_postgres.ts";

/** Inserts/s and average latency (ms) of `clients` pgbench clients for `seconds` on the server at url. */
export async function pgbenchInserts(
  url: string,
  clients: number,
  seconds: number,
): Promise<{ tps: number; latencyMs: number }> {
  const { hostname, port } = new URL(url);
  const env = { PGHOST: hostname, PGPORT: port, PGUSER: "postgres", PGDATABASE: "postgres" };
  const psql = await new Deno.Command(`${PG_BIN}/psql`, {
    args: [
      "-q",
      "-c",
      "create table if not exists bench_votes (id bigint generated always as identity primary key, " +
      "segment_id bigint, choice_id bigint, device_id text, created_at timestamptz default now())",
    ],
    env,
  }).output();
  if (!psql.success) throw new Error(new TextDecoder().decode(psql.stderr));
  const script = await Deno.makeTempFile({ suffix: ".sql" });
  try {
    await Deno.writeTextFile(
      script,
      "\\set choice random(1, 4)\n" +
        "insert into bench_votes (segment_id, choice_id, device_id) values (1, :choice, md5(random()::text));\n",
    );
    const out = await new Deno.Command(`${PG_BIN}/pgbench`, {
      args: ["-n", "-c", String(clients), "-j", "2", "-T", String(seconds), "-f", script],
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    return {
      tps: Math.round(Number(text.match(/tps = ([\d.]+)/)?.[1] ?? NaN)),
      latencyMs: Number(text.match(/latency average = ([\d.]+) ms/)?.[1] ?? NaN),
    };
  } finally {
    await Deno.remove(script);
  }
}
