// Live results latency (what a studio screen shows after a vote): from an accepted vote to the updated bars received by overlay clients,
// with and without a vote load (autocannon posting votes as fast as the server takes them), PostgreSQL
// server, LISTEN/NOTIFY. Goal: p95 ≤ 1 s under load. The ceiling, measured in the same run, is the idle
// latency (one vote, no load): figures are also printed as ratios to it.
// Also the inbox (goal: a message sent from the widget appears in an open inbox, p95 ≤ 1 s): INBOX_CLIENTS staff
// inboxes follow the interaction's live stream as MessageInbox does, and on each event read the list; the time
// is from the widget's POST to the list holding the new message, idle and under the same vote load.
// Usage: deno run -A bench/live.ts [seconds of load, default 15] [overlay clients, default 50]
import autocannon from "autocannon";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { startServer, table } from "../tests/_server.ts";
import { readSse } from "../tests/_sse.ts";
import { testDevice } from "../tests/api/_participation.ts";
import { SERVER_SECRET } from "../tests/reliability/_votes.ts";
import { newOverlayToken } from "../lib/rules/overlay.ts";

const SECONDS = Number(Deno.args[0] ?? 15);
const CLIENTS = Number(Deno.args[1] ?? 50);
const INBOX_CLIENTS = 10;
const LOAD_VOTERS = 200;
if (!PG_BIN) {
  console.log("## Live results latency\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}

const pg = await startPostgres({ maxConnections: 300 });
const server = await startServer(
  { DATABASE_URL: pg.url, DATABASE_POOL_MAX: "40" },
  undefined,
  () => pg.destroy(),
);
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
const pct = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
try {
  const [channel] = await sql<{ id: number }[]>`select id::int from channels order by id limit 1`;
  const [segment] = await sql<{ id: number }[]>`
    insert into segments (channel_id, type, title, status, start_date, from_mode, to_mode, show_results,
      limit_1_vote, gather_information, vote_cap_per_address)
    values (${channel.id}, 'single_choice_question', 'Bench live', 'published', now() - interval '1 hour',
      'now', 'permanent', true, false, false, 100000)
    returning id::int`;
  const choices = (await sql<{ id: number }[]>`
    insert into segment_choices (segment_id, position, label)
    select ${segment.id}, p, 'Choice ' || p from generate_series(0, 3) p returning id::int`).map((c) => c.id);
  const token = newOverlayToken();
  await sql`insert into segment_overlays (segment_id, token) values (${segment.id}, ${token})`;
  const clients = await Promise.all(
    Array.from(
      { length: CLIENTS },
      async () =>
        readSse(
          await fetch(`${server.baseUrl}/overlay/${token}/events`, {
            headers: { accept: "text/event-stream" },
          }),
        ),
    ),
  );
  await Promise.all(clients.map((c) => c.next((e) => e.event === "state", 10_000)));
  // the inboxes: a message interaction, the manager's session, the live stream and the list of each inbox
  const [inboxSegment] = await sql<{ id: number }[]>`
    insert into segments (channel_id, type, title, status, start_date, from_mode, to_mode, gather_information)
    values (${channel.id}, 'message', 'Bench inbox', 'published', now() - interval '1 hour', 'now', 'permanent',
      false)
    returning id::int`;
  const login = await fetch(`${server.baseUrl}/api/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager@example.com", password: "Bench-Password-1!" }),
  });
  const { access_token } = await login.json();
  const staffHeaders = { authorization: `Bearer ${access_token}` };
  const inboxes = await Promise.all(
    Array.from({ length: INBOX_CLIENTS }, async () =>
      readSse(
        await fetch(`${server.baseUrl}/api/v1/show_segments/${inboxSegment.id}/live`, {
          headers: { accept: "text/event-stream", ...staffHeaders },
        }),
      )),
  );
  await Promise.all(inboxes.map((c) => c.next((e) => e.event === "results", 10_000)));
  const listHas = async (id: number) => {
    const res = await fetch(
      `${server.baseUrl}/api/v1/channel-interactions?segment_id=${inboxSegment.id}&filter=all&page=1`,
      { headers: staffHeaders },
    );
    const body = await res.json();
    return (body.data as { id: number }[]).some((m) => m.id === id);
  };
  let sent = 0;
  /** One inbox probe: a text message from the widget, then the time until every inbox's list holds it. */
  const inboxProbe = async () => {
    // events already queued (an earlier probe's) must not count: each inbox starts from an empty queue
    await Promise.all(inboxes.map((c) => c.next(() => false, 1).catch(() => {})));
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/v1/interactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        channel_id: channel.id,
        segment: inboxSegment.id,
        device_id: testDevice(`inbox-${sent++}`, SERVER_SECRET),
        content: { text: `Bonjour ${sent}` },
      }),
    });
    const { id } = await res.json();
    return await Promise.all(inboxes.map(async (c) => {
      while (true) {
        await c.next((e) => e.event === "results", 10_000);
        if (await listHas(id)) return performance.now() - started;
      }
    }));
  };
  let probes = 0;
  const vote = (choice: number) =>
    fetch(`${server.baseUrl}/api/v1/interactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        channel_id: channel.id,
        segment: segment.id,
        device_id: testDevice(`probe-${probes++}`, SERVER_SECRET),
        content: { choice_ids: [choices[choice]] },
      }),
    }).then((r) => r.body?.cancel());
  /** One probe: a vote on choice 3, then the time until every client shows it. */
  const probe = async () => {
    const target = probes + 1;
    const started = performance.now();
    await vote(3);
    const times = await Promise.all(clients.map(async (c) => {
      await c.next((e) => e.json?.results?.rows?.[3]?.count >= target, 10_000);
      return performance.now() - started;
    }));
    return times;
  };
  const idle: number[] = [];
  const inboxIdle: number[] = [];
  for (let i = 0; i < 10; i++) {
    idle.push(...await probe());
    inboxIdle.push(...await inboxProbe());
    await new Promise((r) => setTimeout(r, 300));
  }
  const loaded: number[] = [];
  const inboxLoaded: number[] = [];
  // as many votes a second as the server takes: 200 voters, a signed device each, as a "vote now" on air
  let n = 0;
  const load = autocannon({
    url: `${server.baseUrl}/api/v1/interactions`,
    connections: LOAD_VOTERS,
    duration: SECONDS,
    requests: [{
      method: "POST",
      headers: { "content-type": "application/json" },
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        body: JSON.stringify({
          channel_id: channel.id,
          segment: segment.id,
          device_id: testDevice(`bench-load-${n++}-${crypto.randomUUID()}`, SERVER_SECRET),
          content: { choice_ids: [choices[n % 3]] },
        }),
      }),
    }],
  });
  const until = Date.now() + (SECONDS - 2) * 1000;
  await new Promise((r) => setTimeout(r, 1000));
  while (Date.now() < until) {
    loaded.push(...await probe());
    inboxLoaded.push(...await inboxProbe());
    await new Promise((r) => setTimeout(r, 300));
  }
  const result = await load;
  const ceiling = pct(idle, 0.5);
  console.log(`## Live results: accepted vote → overlay bars (${CLIENTS} overlay clients, PostgreSQL)\n`);
  console.log(table(
    ["load", "votes/s accepted", "samples", "p50 ms", "p95 ms", "p95 / idle p50", "p95 / goal 1 s"],
    [
      [
        "none",
        0,
        idle.length,
        pct(idle, 0.5).toFixed(0),
        pct(idle, 0.95).toFixed(0),
        (pct(idle, 0.95) / ceiling).toFixed(2),
        (pct(idle, 0.95) / 1000).toFixed(2),
      ],
      [
        `autocannon ${LOAD_VOTERS} voters`,
        Math.round(result["2xx"] / SECONDS),
        loaded.length,
        pct(loaded, 0.5).toFixed(0),
        pct(loaded, 0.95).toFixed(0),
        (pct(loaded, 0.95) / ceiling).toFixed(2),
        (pct(loaded, 0.95) / 1000).toFixed(2),
      ],
    ],
  ));
  const inboxCeiling = pct(inboxIdle, 0.5);
  console.log(`\n## Inbox: message sent from the widget → in the list of ${INBOX_CLIENTS} open inboxes\n`);
  console.log(table(
    ["load", "samples", "p50 ms", "p95 ms", "p95 / idle p50", "p95 / goal 1 s"],
    [
      ["none", inboxIdle, inboxCeiling],
      [`autocannon ${LOAD_VOTERS} voters`, inboxLoaded, inboxCeiling],
    ].map(([label, xs, c]) => {
      const v = xs as number[];
      return [
        label as string,
        v.length,
        pct(v, 0.5).toFixed(0),
        pct(v, 0.95).toFixed(0),
        (pct(v, 0.95) / (c as number)).toFixed(2),
        (pct(v, 0.95) / 1000).toFixed(2),
      ];
    }),
  ));
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(inboxes.map((c) => c.close()));
} finally {
  await sql.end();
  await server.stop();
  await pg.destroy();
}
