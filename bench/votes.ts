// Votes under load: 200 voters (distinct server-issued devices and addresses, so every vote goes through
// the signature check and the per-address cap) posting to POST /api/v1/interactions on one 4-choice
// vote for 30 s against a real PostgreSQL, then the same on a single hot choice. Prints accepted
// votes/s and latency, and checks that every acknowledged vote is stored and the counters equal the
// stored votes exactly (requests still in flight when the load stops may add rows nobody saw answered),
// and that the task of a vote (what the widget polls for the results) is done right after the load.
// The ceiling, measured in the same run on the same server: pgbench inserting one row per transaction
// with as many clients (bench/_pgbench.ts); "÷ ceiling" is accepted votes/s over its inserts/s. The CPU
// milliseconds that the app server and PostgreSQL spent per stored vote are the figure to compare on a
// busy machine.
// Usage: deno run -A bench/votes.ts [seconds, default 30] [voters, default 200]
// With VOTES_INSTANCES=1, the two-instance part is left out.
// With VOTES_APP_ROOT=<checkout>, the app server is that checkout's (bench/votes_ab.ts).
// With VOTES_CPU_PROF=<folder>, the first app server writes a V8 CPU profile there when it stops.
import process from "node:process";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { type ChildServer, startServer, table } from "../tests/_server.ts";
import { startProxy } from "./_proxy.ts";
import { postLoad } from "./_post_load.ts";
import { SERVER_SECRET } from "../tests/reliability/_votes.ts";
import { issueDeviceId } from "../lib/rules/vote_integrity.ts";
import { pgbenchInserts } from "./_pgbench.ts";
import { pidOfPort, treeCpuMs } from "./_cpu.ts";

const SECONDS = Number(Deno.args[0] ?? 30);
/** pgbench's clients for the ceiling the speed goals divide votes/s by. */
const PGBENCH_CLIENTS = 50;
const VOTERS = Number(Deno.args[1] ?? 200);
if (!PG_BIN) {
  console.log("## Votes\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}

const pg = await startPostgres({ maxConnections: 300 });
const server = await startServer(
  // every voter is a phone of its own: the address comes from X-Forwarded-For, as behind a proxy
  { DATABASE_URL: pg.url, DATABASE_POOL_MAX: "40", TRUST_PROXY: "on" },
  undefined,
  async () => await pg?.destroy(),
  Deno.env.get("VOTES_CPU_PROF") ? ["--cpu-prof", `--cpu-prof-dir=${Deno.env.get("VOTES_CPU_PROF")}`] : [],
  Deno.env.get("VOTES_APP_ROOT"),
);
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
let second: ChildServer | undefined;
const postmaster = pidOfPort(Number(new URL(pg.url).port));
/** CPU ms used so far by the app server, by PostgreSQL (all its processes) and by this load generator. */
const cpu = () => {
  const own = process.cpuUsage();
  return {
    app: treeCpuMs(server.pid),
    db: postmaster ? treeCpuMs(postmaster) : NaN,
    load: (own.user + own.system) / 1000,
  };
};
/** More devices per second than any run accepts votes: a run mints them all before its load starts. */
const DEVICES_PER_SECOND = 15_000;
const secret = new TextEncoder().encode(SERVER_SECRET);

/**
 * Device ids as POST devices issues them (signed with the server's secret), minted before the load: made
 * during it, their signatures took about 40 % of the load generator's CPU, which shares the machine's cores
 * with the server (pgbench, the ceiling, sends prepared rows). Past them, more are minted on the way.
 */
function mintDevices(count: number): () => string {
  const devices = Array.from({ length: count }, () => issueDeviceId(secret));
  let next = 0;
  return () => devices[next++] ?? issueDeviceId(secret);
}

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

async function run(label: string, hot: boolean, seconds = SECONDS, target = server.baseUrl) {
  const vote = await newVote(label);
  const acked = new Set<string>();
  const tasks: string[] = [];
  let already = 0, failed = 0, n = 0;
  const device = mintDevices(seconds * DEVICES_PER_SECOND);
  const before = cpu();
  const result = await postLoad({
    url: `${target}/api/v1/interactions`,
    connections: VOTERS,
    seconds,
    // one request in flight per connection: its context remembers the device being sent
    request: (context) => {
      n++;
      const choice = hot ? vote.choices[0] : vote.choices[n % 4];
      // a device of its own, and an address of its own
      context.device = device();
      return {
        headers: `x-forwarded-for: 10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\r\n`,
        body: `{"channel_id":${vote.channel},"segment":${vote.segment},"device_id":"${context.device}",` +
          `"content":{"choice_ids":[${choice}]}}`,
      };
    },
    onResponse: (status, body, context) => {
      if (status !== 200) failed++;
      else if (body.includes("already_received")) already++;
      else {
        acked.add(context.device as string);
        if (tasks.length < 1000) tasks.push(JSON.parse(body).task_id);
      }
    },
  });
  failed += result.errors;
  // requests still in flight when the load generator stopped finish on the server first
  await new Promise((r) => setTimeout(r, 3000));
  const after = cpu();
  // each transaction leaves its id on the rows it wrote (xmin): votes per commit is the group commit's batch
  const [{ rows, counted, commits }] = await sql<{ rows: number; counted: number; commits: number }[]>`
    select (select count(*)::int from messages where segment_id = ${vote.segment}) as rows,
      (select count(distinct xmin::text)::int from messages where segment_id = ${vote.segment}) as commits,
      (select coalesce(sum(count), 0)::int from vote_counts where segment_id = ${vote.segment}) as counted`;
  const stored = new Set(
    (await sql<{ device_id: string }[]>`select device_id from messages where segment_id = ${vote.segment}`)
      .map((r) => r.device_id),
  );
  const lost = [...acked].filter((d) => !stored.has(d)).length;
  // what a voter sees next: the task of the vote, polled once (SUCCESS carries the results); a task
  // still PENDING here waits behind a queue that the load filled
  const sample = tasks.filter((_, i) => i % Math.max(1, Math.floor(tasks.length / 20)) === 0).slice(0, 20);
  let done = 0;
  for (const id of sample) {
    const res = await fetch(`${server.baseUrl}/api/v1/tasks/${id}`);
    const task = await res.json().catch(() => null);
    if (res.ok && task?.status === "SUCCESS") done++;
  }
  const exact = lost === 0 && counted === rows;
  const perVote = (ms: number) => (ms / rows).toFixed(3);
  return [
    label,
    Math.round(acked.size / seconds),
    result.latency.p50,
    result.latency.p99,
    acked.size,
    rows,
    counted,
    lost,
    failed + already,
    `${done}/${sample.length}`,
    exact ? "yes" : "NO",
    perVote(after.app - before.app),
    perVote(after.db - before.db),
    (rows / Math.max(1, commits)).toFixed(1),
    perVote(after.load - before.load),
  ];
}

/** The 1-minute load average of the machine (other work on the shared cores). */
function loadAverage(): string {
  return Deno.readTextFileSync("/proc/loadavg").split(" ")[0];
}

/**
 * Waits until the app server and its children are idle (the demo data's media are made with ffmpeg and
 * processed at start), so that their work is not measured as the votes' cost.
 */
async function settle() {
  let last = cpu().app, quiet = 0;
  for (let waited = 0; waited < 240 && quiet < 2; waited++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpu().app;
    quiet = now - last < 50 ? quiet + 1 : 0; // under 5 % of a core
    last = now;
  }
}

try {
  await settle();
  await run("warm-up", false, 3); // the server's code compiled by the first requests
  const rows = [await run("4 choices", false), await run("one hot choice", true)];
  const ceiling = await pgbenchInserts(pg.url, PGBENCH_CLIENTS, SECONDS);
  for (const row of rows) row.push((Number(row[1]) / ceiling.tps).toFixed(3));
  // the speed goals' table, one machine-readable line per row (bench/run.ts)
  for (const row of rows) {
    const figure = `${row[1].toLocaleString("en")} ÷ ${ceiling.tps.toLocaleString("en")} = ${row.at(-1)}, ` +
      `p50 ${row[2]} ms, ${row[10] === "yes" ? "exact" : "NOT exact"}, ${row[7]} lost, ` +
      `app ${row[11]} + PostgreSQL ${row[12]} CPU ms/vote, ${
        row[13]
      } votes per commit, load ${loadAverage()}`;
    console.log(
      [
        "ROW",
        `Accepted votes/s ÷ pgbench one-row inserts/s (${PGBENCH_CLIENTS} clients), ${row[0]}`,
        figure,
        row.at(-1),
        "≥ 0.25, still exact and zero lost",
      ]
        .join("\t"),
    );
  }
  rows.push([
    "ceiling: pgbench one-row inserts",
    ceiling.tps,
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "1",
  ]);
  console.log(`## Votes (${VOTERS} voters, ${SECONDS} s each, PostgreSQL ${pg.url.split("@")[1]})\n`);
  console.log(
    table(
      [
        "vote",
        "accepted/s",
        "p50 ms",
        "p99 ms",
        "acknowledged",
        "rows",
        "counters",
        "lost",
        "refused",
        "tasks done",
        "exact",
        "app CPU ms/vote",
        "db CPU ms/vote",
        "votes per commit",
        "load generator CPU ms/vote",
        "÷ ceiling",
      ],
      rows,
    ),
  );
  if (rows.slice(0, 2).some((r) => r[10] !== "yes")) Deno.exitCode = 1;

  if (Deno.env.get("VOTES_INSTANCES") !== "1") {
    // the same votes through a round-robin proxy in front of one, then two instances on this database
    second = await startServer({
      DATABASE_URL: pg.url,
      DATABASE_POOL_MAX: "40",
      TRUST_PROXY: "on",
      SEED: "0",
    });
    const through = async (label: string, upstreams: string[]) => {
      const proxy = await startProxy(upstreams);
      try {
        return await run(label, false, SECONDS, proxy.url);
      } finally {
        await proxy.stop();
      }
    };
    const one = await through("one instance behind the proxy", [server.baseUrl]);
    const two = await through("two instances behind the proxy", [server.baseUrl, second.baseUrl]);
    console.log(
      `\n## Votes on two instances behind one port (4 choices, ${navigator.hardwareConcurrency} cores shared)\n`,
    );
    console.log(
      table(["instances", "accepted/s", "p50 ms", "p99 ms", "lost", "exact", "scaling factor"], [
        [one[0], one[1], one[2], one[3], one[7], one[10], "1"],
        [two[0], two[1], two[2], two[3], two[7], two[10], (Number(two[1]) / Number(one[1])).toFixed(2)],
      ]),
    );
    if (one[10] !== "yes" || two[10] !== "yes") Deno.exitCode = 1;
  }
} finally {
  await sql.end();
  await second?.stop();
  await server.stop();
  await pg.destroy();
}
