// Vote results read with 1,000,000 votes in the table: the counters make a read O(choices), so the
// latency should not depend on the number of votes. GET /api/v1/show_segments/{id}/vote-results.
// Usage: deno run -A bench/results.ts [seconds, default 10] [votes, default 1000000]
import autocannon from "autocannon";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { startServer, table } from "../tests/_server.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const VOTES = Number(Deno.args[1] ?? 1_000_000);
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
  const result = await autocannon({ url, connections: 20, duration: SECONDS });
  console.log(
    `## Vote results read (${VOTES.toLocaleString("en")} votes in the table, seeded in ${seeded} s)\n`,
  );
  console.log(table(
    ["votes counted", "req/s", "p50 ms", "p99 ms"],
    [[total, Math.round(result.requests.average), result.latency.p50, result.latency.p99]],
  ));
  if (total !== VOTES) Deno.exitCode = 1;
} finally {
  await sql.end();
  await server.stop();
  await pg.destroy();
}
