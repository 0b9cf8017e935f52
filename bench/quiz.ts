// Live quiz at the scale of a TV game: answers per second to one open question (each from its own
// server-issued device and address), the time from an answer's acknowledgement to the overlay showing it (p95,
// goal ≤ 1 s), and exactness (stored = acknowledged = shown on the overlay at the end, none lost or doubled).
// The app runs in this process on a loopback port, on PGlite, or on the PostgreSQL server of DATABASE_URL.
// Usage: deno run -A bench/quiz.ts [answers, default 4000] [concurrent senders, default 64]
import { testApp } from "../tests/_helpers.ts";
import { readSse } from "../tests/_sse.ts";
import { randomSegment } from "../tests/api/_participation.ts";
import { issueDeviceId } from "../lib/rules/vote_integrity.ts";
import { openSession } from "../lib/platform/sessions.ts";
import { treeCpuMs } from "./_cpu.ts";

const ANSWERS = Number(Deno.args[0] ?? 4000);
const SENDERS = Number(Deno.args[1] ?? 64);

const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, ctx.app.fetch);
const base = `http://127.0.0.1:${http.addr.port}`;
try {
  const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
  const [manager] = await ctx.sql<{ id: number }[]>`select id from users where login = 'manager'`;
  const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, manager.id, "staff");
  const staff = (path: string, method = "GET", body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json());
  const segment = await randomSegment(ctx.sql, radio, { type: "game", title: "Bench quiz" });
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
  const devices = Array.from({ length: ANSWERS }, () => issueDeviceId(ctx.deps.jwtSecret));

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
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const cpuBefore = treeCpuMs(Deno.pid);
  await Promise.all(Array.from({ length: SENDERS }, async () => {
    while (next < ANSWERS) {
      const i = next++;
      const res = await fetch(`${base}/api/v1/quizzes/${segment.id}/answers`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          // one address per listener: the per-address cap holds nothing here
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ question_id: questionId, choice_ids: [1 + (i % 3)], device_id: devices[i] }),
      });
      await res.body?.cancel();
      if (res.status === 200) acks.push(performance.now());
      else failed++;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  // this process holds the senders, the app and PGlite (not a PostgreSQL server of DATABASE_URL): its CPU per
  // answer is the figure a busy machine disturbs least (a rate falls with the other processes' load)
  const cpuPerAnswer = (treeCpuMs(Deno.pid) - cpuBefore) / Math.max(1, acks.length);

  // wait for the overlay to show every acknowledged answer (bounded: an incomplete count is reported)
  const until = performance.now() + 10_000;
  while ((shown.at(-1)?.answers ?? 0) < acks.length && performance.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  following = false;
  await sse.close();
  await follow;

  // the nth acknowledged answer is on the overlay at the first state counting n or more answers
  const delays = acks.map((at, i) => {
    const seen = shown.find((s) => s.answers >= i + 1 && s.at >= at) ?? shown.find((s) => s.answers >= i + 1);
    return seen ? Math.max(0, seen.at - at) : Infinity;
  }).sort((a, b) => a - b);
  const p = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))];
  const [stored] = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from quiz_answers where question_id = ${questionId}`;
  const [counted] = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from quiz_answers where question_id = ${questionId} and integrity = 'counted'`;
  const onAir = shown.at(-1)?.answers ?? 0;
  const database = Deno.env.get("DATABASE_URL") ? "PostgreSQL" : "PGlite";
  console.log(`## Live quiz (${database}, ${ANSWERS} answers, ${SENDERS} senders)\n`);
  console.log(
    `answers/s to one question: ${(acks.length / seconds).toFixed(0)} (${acks.length} in ${
      seconds.toFixed(2)
    } s, ${failed} refused; ${cpuPerAnswer.toFixed(2)} CPU ms per answer in this process)`,
  );
  console.log(
    `answer → overlay: p50 ${p(0.5).toFixed(0)} ms, p95 ${p(0.95).toFixed(0)} ms, max ${
      delays.at(-1)!.toFixed(0)
    } ms (${shown.length} overlay states)`,
  );
  console.log(
    `exactness: acknowledged ${acks.length}, stored ${stored.n}, counted ${counted.n}, on the overlay ${onAir} — ${
      acks.length === stored.n && stored.n === counted.n && counted.n === onAir && failed === 0
        ? "exact"
        : "NOT EXACT"
    }`,
  );
} finally {
  await http.shutdown();
  await ctx.close();
}
