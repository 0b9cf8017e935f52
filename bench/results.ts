// Vote results read with 1,000,000 votes in the table: the counters make a read O(choices), so the
// latency should not depend on the number of votes. GET /api/v1/show_segments/{id}/vote-results, 20
// connections; the ceiling is a bare Deno.serve hello world under the same load in the same run (its p99
// is what this machine's scheduling alone costs). Also the CPU milliseconds the app server and
// PostgreSQL spent per read, the figure that a busy machine disturbs least. The goal: p99 ≤ 5 ms.
// Usage: deno run -A bench/results.ts [seconds, default 10 (3 quick)] [votes, default 1000000]
import autocannon from "autocannon";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { startServer, table } from "../tests/_server.ts";
import { helloWorld, loadAverage, QUICK } from "./_hello.ts";
import { pidOfPort, treeCpuMs } from "./_cpu.ts";
import { rowLine } from "./_rows.ts";

const SECONDS = Number(Deno.args[0] ?? (QUICK ? 3 : 10));
const VOTES = Number(Deno.args[1] ?? 1_000_000);
const CONNECTIONS = 20;
const GOAL_P99_MS = 5;
if (!PG_BIN) {
  console.log("## Vote results\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}

const pg = await startPostgres({ maxConnections: 200 });
const server = await startServer(
  { DATABASE_URL: pg.url, DATABASE_POOL_MAX: "20" },
  undefined,
  async () => await pg?.destroy(),
);
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
try {
  const [channel] = await sql<{ id: number }[]>`select id::int from channels order by id limit 1`;
  const [segment] = await sql<{ id: number }[]>`
    insert into segments (channel_id, type, title, status, start_date, from_mode, to_mode, show_results)
    values (${channel.id}, 'single_choice_question', 'Bench results', 'published', now() - interval '1 day',
      'now', 'permanent', true)
    returning id::int`;
  const choices = (await sql<{ id: number }[]>`
    insert into segment_choices (segment_id, position, label)
    select ${segment.id}, p, 'Choice ' || p from generate_series(0, 3) p returning id::int`).map((c) => c.id);
  const started = performance.now();
  // the votes as the participation API stores them: a message each, and the sharded counters
  await sql`
    insert into messages (channel_id, segment_id, type, content, choice_ids, device_id, limited)
    select ${channel.id}, ${segment.id}, 'single_choice_question',
      jsonb_build_object('choice_ids', jsonb_build_array((${sql.array(choices)}::bigint[])[1 + i % 4])),
      array[(${sql.array(choices)}::bigint[])[1 + i % 4]], 'bench-' || i, true
    from generate_series(1, ${VOTES}) i`;
  await sql`
    insert into vote_counts (segment_id, choice_id, shard, count)
    select ${segment.id}, c, 0, count(*) from messages, unnest(choice_ids) c
    where segment_id = ${segment.id} group by c`;
  const seeded = Math.round((performance.now() - started) / 1000);
  const url = `${server.baseUrl}/api/v1/show_segments/${segment.id}/vote-results`;
  const probe = await fetch(url);
  const rows = await probe.json();
  const total = rows.reduce((sum: number, r: { count: number }) => sum + r.count, 0);
  const hello = await helloWorld(CONNECTIONS, SECONDS);
  const postmaster = pidOfPort(Number(new URL(pg.url).port));
  const cpu = () => treeCpuMs(server.pid) + (postmaster ? treeCpuMs(postmaster) : 0);
  const cpuBefore = cpu();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const cpuPerRead = (cpu() - cpuBefore) / result.requests.total;
  const load = loadAverage();
  const p99 = result.latency.p99;
  const ratio = hello.p99 > 0 ? (p99 / hello.p99).toFixed(1) : "–";
  console.log(
    `## Vote results read (${VOTES.toLocaleString("en")} votes in the table, seeded in ${seeded} s, ` +
      `${CONNECTIONS} connections, ${SECONDS} s, load average ${load})\n`,
  );
  console.log(table(
    ["what", "votes counted", "req/s", "p50 ms", "p99 ms", "p99 ÷ hello world p99", "CPU ms per read"],
    [
      ["bare Deno.serve hello world (ceiling)", "", hello.rps, hello.p50, hello.p99, "1", ""],
      [
        "vote results",
        total,
        Math.round(result.requests.average),
        result.latency.p50,
        p99,
        ratio,
        cpuPerRead.toFixed(3),
      ],
    ],
  ));
  console.log(rowLine(
    `Vote results read at ${VOTES.toLocaleString("en")} votes, p99`,
    `p99 ${p99} ms (hello world p99 ${hello.p99} ms in the same run: ×${ratio}); ` +
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms; ` +
      `${cpuPerRead.toFixed(2)} CPU ms per read (app + PostgreSQL); load average ${load}`,
    p99,
    `≤ ${GOAL_P99_MS} ms`,
  ));
  console.log(rowLine(
    "Bare Deno.serve hello world (ceiling of bench/results.ts)",
    `${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms, ${CONNECTIONS} connections`,
    hello.rps,
    "ceiling",
  ));
  if (total !== VOTES) Deno.exitCode = 1;
} finally {
  await sql.end();
  await server.stop();
  await pg.destroy();
}
