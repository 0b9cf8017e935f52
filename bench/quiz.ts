// Live quiz at the scale of a TV game: answers per second to one open question (each from its own
// server-issued device and address), the time from an answer's acknowledgement to the overlay showing it (p95,
// goal ≤ 1 s), and exactness (acknowledged = stored = counted = shown on the overlay at the end).
// The app runs in a process of its own (scripts/start.ts) on a real PostgreSQL, the load comes from this one
// on keep-alive connections (bench/_post_load.ts), as bench/votes.ts does. The ceiling, measured in the same
// run on the same server: pgbench inserting one row per transaction (bench/_pgbench.ts), the votes' ceiling;
// "÷ ceiling" is answers/s over its inserts/s. The CPU ms per answer of the app, PostgreSQL and this load
// generator are the figures a busy machine disturbs least.
// Usage: deno run -A bench/quiz.ts [seconds, default 10] [connections, default 64]
// With QUIZ_CPU_PROF=<folder>, the app server writes a V8 CPU profile there when it stops.
import process from "node:process";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { startServer } from "../tests/_server.ts";
import { readSse } from "../tests/_sse.ts";
import { randomSegment } from "../tests/api/_participation.ts";
import { SERVER_SECRET } from "../tests/reliability/_votes.ts";
import { issueDeviceId } from "../lib/rules/vote_integrity.ts";
import { openSession } from "../lib/platform/sessions.ts";
import { postLoad } from "./_post_load.ts";
import { pgbenchInserts } from "./_pgbench.ts";
import { pidOfPort, treeCpuMs } from "./_cpu.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const CONNECTIONS = Number(Deno.args[1] ?? 64);
const PGBENCH_CLIENTS = 50;
/** More devices than a run accepts answers: minted before the load (signing them is not the server's work). */
const DEVICES_PER_SECOND = 6_000;
if (!PG_BIN) {
  console.log("## Live quiz\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}

const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
const pg = await startPostgres({ maxConnections: 300 });
const prof = Deno.env.get("QUIZ_CPU_PROF");
const server = await startServer(
  { DATABASE_URL: pg.url, DATABASE_POOL_MAX: "40", TRUST_PROXY: "on" },
  undefined,
  async () => await pg.destroy(),
  prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [],
);
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
const postmaster = pidOfPort(Number(new URL(pg.url).port));
const cpu = () => {
  const own = process.cpuUsage();
  return {
    app: treeCpuMs(server.pid),
    db: postmaster ? treeCpuMs(postmaster) : NaN,
    load: (own.user + own.system) / 1000,
  };
};
const secret = new TextEncoder().encode(SERVER_SECRET);
const base = server.baseUrl;

/** Waits until the app server is idle (the demo data's media are processed at start). */
async function settle() {
  let last = cpu().app, quiet = 0;
  for (let waited = 0; waited < 240 && quiet < 2; waited++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpu().app;
    quiet = now - last < 50 ? quiet + 1 : 0;
    last = now;
  }
}

const [channel] = await sql<{ id: number }[]>`select id::int from channels order by id limit 1`;
const [manager] = await sql<{ id: number }[]>`select id::int from users where login = 'manager'`;
const token = await openSession(sql, secret, manager.id, "staff");
const staff = (path: string, method = "GET", body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  }).then((r) => r.json());

/** One quiz with one question opened for 10 minutes; answers for `seconds`; what was seen and stored. */
async function run(label: string, seconds: number) {
  const segment = await randomSegment(sql, channel.id, { type: "game", title: label });
  const quiz = await staff(`/api/v1/show_segments/${segment.id}/quiz`, "PUT", {
    questions: [{
      text: "Which planet is the largest?",
      choices: [{ id: 1, label: "Mars" }, { id: 2, label: "Jupiter" }, { id: 3, label: "Venus" }],
      right_choice_ids: [2],
      time_limit_s: 600,
      points: 100,
    }],
  });
  const questionId = quiz.questions[0].id;
  const overlay = await staff(`/api/v1/show_segments/${segment.id}/overlay`);
  const devices = Array.from({ length: seconds * DEVICES_PER_SECOND }, () => issueDeviceId(secret));

  // the overlay follows its stream as a studio screen does: each state's time and answer count
  const stream = await fetch(`${base}${new URL(overlay.url).pathname}/events`, {
    headers: { accept: "text/event-stream" },
  });
  const sse = readSse(stream);
  await sse.next((e) => e.event === "state");
  const shown: { at: number; answers: number }[] = [];
  let following = true;
  const follow = (async () => {
    while (following) {
      const e = await sse.next((e) => e.event === "state", 120_000).catch(() => null);
      if (!e) break;
      shown.push({ at: performance.now(), answers: e.json.quiz?.answers ?? 0 });
    }
  })();

  await staff(`/api/v1/show_segments/${segment.id}/quiz/questions/${questionId}/open`, "POST");
  const acks: number[] = [];
  let refused = 0, n = 0;
  const before = cpu();
  const started = performance.now();
  const result = await postLoad({
    url: `${base}/api/v1/quizzes/${segment.id}/answers`,
    connections: CONNECTIONS,
    seconds,
    request: () => {
      const i = n++;
      return {
        // one address per listener: the per-address cap holds nothing here
        headers: `x-forwarded-for: 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}\r\n`,
        body: `{"question_id":${questionId},"choice_ids":[${1 + (i % 3)}],"device_id":"${
          devices[i] ?? issueDeviceId(secret)
        }"}`,
      };
    },
    onResponse: (status) => {
      if (status === 200) acks.push(performance.now());
      else refused++;
    },
  });
  const elapsed = (performance.now() - started) / 1000;
  refused += result.errors;

  // wait for the overlay to show every acknowledged answer (bounded: an incomplete count is reported)
  const until = performance.now() + 10_000;
  while ((shown.at(-1)?.answers ?? 0) < acks.length && performance.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const after = cpu();
  following = false;
  await sse.close();
  await follow;

  // the nth acknowledged answer is on the overlay at the first state counting n or more answers after it
  const delays = acks.map((at, i) => {
    const seen = shown.find((s) => s.answers >= i + 1 && s.at >= at) ?? shown.find((s) => s.answers >= i + 1);
    return seen ? Math.max(0, seen.at - at) : Infinity;
  }).sort((a, b) => a - b);
  const p = (q: number) =>
    delays.length ? delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] : 0;
  // each transaction leaves its id on the rows it wrote (xmin): answers per commit is the group commit's batch
  const [{ stored, counted, commits }] = await sql<{ stored: number; counted: number; commits: number }[]>`
    select count(*)::int as stored, (count(*) filter (where integrity = 'counted'))::int as counted,
      count(distinct xmin::text)::int as commits
    from quiz_answers where question_id = ${questionId}`;
  const onAir = shown.at(-1)?.answers ?? 0;
  const perAnswer = (ms: number) => (ms / Math.max(1, stored)).toFixed(3);
  return {
    label,
    rate: acks.length / elapsed,
    acked: acks.length,
    refused,
    stored,
    counted,
    onAir,
    exact: acks.length === stored && stored === counted && counted === onAir && refused === 0,
    p50: p(0.5),
    p95: p(0.95),
    max: delays.at(-1) ?? 0,
    states: shown.length,
    perCommit: stored / Math.max(1, commits),
    app: perAnswer(after.app - before.app),
    db: perAnswer(after.db - before.db),
    load: perAnswer(after.load - before.load),
    latency: result.latency,
  };
}

try {
  await settle();
  await run("Warm-up quiz", 2); // the server's code compiled by the first requests
  const r = await run("Bench quiz", SECONDS);
  const ceiling = await pgbenchInserts(pg.url, PGBENCH_CLIENTS, SECONDS);
  const ratio = r.rate / ceiling.tps;
  console.log(`## Live quiz (PostgreSQL, ${SECONDS} s, ${CONNECTIONS} connections, load ${loadAverage()})\n`);
  console.log(
    `answers/s to one question: ${r.rate.toFixed(0)} (${r.acked} acknowledged, ${r.refused} refused; ` +
      `request p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms)`,
  );
  console.log(
    `÷ ceiling (pgbench one-row inserts/s, ${PGBENCH_CLIENTS} clients, ${ceiling.tps}): ${ratio.toFixed(3)}`,
  );
  console.log(
    `CPU ms per answer: app ${r.app}, PostgreSQL ${r.db}, load generator ${r.load}; ${
      r.perCommit.toFixed(1)
    } answers per commit`,
  );
  console.log(
    `answer → overlay: p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, max ${
      r.max.toFixed(0)
    } ms (${r.states} overlay states)`,
  );
  console.log(
    `exactness: acknowledged ${r.acked}, stored ${r.stored}, counted ${r.counted}, on the overlay ${r.onAir} — ${
      r.exact ? "exact" : "NOT EXACT"
    }`,
  );
  console.log(
    [
      "ROW",
      `Quiz answers/s to one question ÷ pgbench one-row inserts/s (${PGBENCH_CLIENTS} clients)`,
      `${r.rate.toFixed(0)} ÷ ${ceiling.tps} = ${ratio.toFixed(3)}, overlay p95 ${r.p95.toFixed(0)} ms, ${
        r.exact ? "exact" : "NOT exact"
      }, load ${loadAverage()}`,
      ratio.toFixed(3),
      "2,000 answers/s, overlay p95 ≤ 1 s, exact",
    ].join("\t"),
  );
} finally {
  await sql.end();
  await server.stop();
  await pg.destroy();
}
