// Votes under load: 200 voters (distinct devices) posting to POST /api/v1/interactions on one 4-choice
// vote for 30 s against a real PostgreSQL, then the same on a single hot choice. Prints accepted
// votes/s and latency, and checks that rows and counters equal the acknowledged votes exactly.
// Usage: deno run -A bench/votes.ts [seconds, default 30] [voters, default 200]
import autocannon from "autocannon";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { startServer, table } from "../tests/_server.ts";

const SECONDS = Number(Deno.args[0] ?? 30);
const VOTERS = Number(Deno.args[1] ?? 200);
if (!PG_BIN) {
  console.log("## Votes\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}

const pg = await startPostgres({ maxConnections: 300 });
const server = await startServer({ DATABASE_URL: pg.url, DATABASE_POOL_MAX: "40" });
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });

/** A published, permanent 4-choice vote with one vote per device, on the first demo channel. */
async function newVote(label: string): Promise<{ segment: number; channel: number; choices: number[] }> {
  const [channel] = await sql<{ id: number }[]>`select id::int from channels order by id limit 1`;
  const [segment] = await sql<{ id: number }[]>`
    insert into segments (channel_id, type, title, status, start_date, from_mode, to_mode, limit_1_vote,
      gather_information)
    values (${channel.id}, 'single_choice_question', ${label}, 'published', now() - interval '1 hour', 'now',
      'permanent', true, false)
    returning id::int`;
  const choices = await sql<{ id: number }[]>`
    insert into segment_choices (segment_id, position, label)
    select ${segment.id}, p, 'Choice ' || p from generate_series(0, 3) p returning id::int`;
  return { segment: segment.id, channel: channel.id, choices: choices.map((c) => c.id) };
}

async function run(label: string, hot: boolean) {
  const vote = await newVote(label);
  let acked = 0, already = 0, failed = 0, n = 0;
  const result = await autocannon({
    url: `${server.baseUrl}/api/v1/interactions`,
    connections: VOTERS,
    duration: SECONDS,
    requests: [{
      method: "POST",
      headers: { "content-type": "application/json" },
      setupRequest: (req: Record<string, unknown>) => {
        n++;
        const choice = hot ? vote.choices[0] : vote.choices[n % 4];
        return {
          ...req,
          body: JSON.stringify({
            channel_id: vote.channel,
            segment: vote.segment,
            device_id: `bench-${crypto.randomUUID()}`,
            content: { choice_ids: [choice] },
          }),
        };
      },
      onResponse: (status: number, body: string) => {
        if (status !== 200) failed++;
        else if (body.includes("already_received")) already++;
        else acked++;
      },
    }],
  });
  const [{ rows }] = await sql<
    { rows: number }[]
  >`select count(*)::int as rows from messages where segment_id = ${vote.segment}`;
  const [{ counted }] = await sql<{ counted: number }[]>`
    select coalesce(sum(count), 0)::int as counted from vote_counts where segment_id = ${vote.segment}`;
  const exact = rows === acked && counted === acked;
  return [
    label,
    Math.round(acked / SECONDS),
    result.latency.p50,
    result.latency.p99,
    acked,
    rows,
    counted,
    failed + already,
    exact ? "yes" : "NO",
  ];
}

try {
  const rows = [await run("4 choices", false), await run("one hot choice", true)];
  console.log(`## Votes (${VOTERS} voters, ${SECONDS} s each, PostgreSQL ${pg.url.split("@")[1]})\n`);
  console.log(
    table(
      ["vote", "accepted/s", "p50 ms", "p99 ms", "acknowledged", "rows", "counters", "refused", "exact"],
      rows,
    ),
  );
  if (rows.some((r) => r[8] !== "yes")) Deno.exitCode = 1;
} finally {
  await sql.end();
  await server.stop();
  await pg.destroy();
}
