// The vote front (app/vote_front.ts, the fast path POST /api/v1/interactions declares): a listener's
// participation without a session is answered before the app's routing, exactly as the route would answer it
// (status, headers, body, what is stored);
// everything else goes to the chain, with the same bytes.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { voteFront } from "../../app/vote_front.ts";
import { fastLookup, routeFronts } from "../../app/front.ts";
import { fastRoutes, routes } from "../../routes.gen.ts";
import { clientAddress } from "../../app/auth.ts";
import { loadConfig } from "../../lib/platform/config.ts";
import { randomAppUser, randomChannel, randomSegment, testDevice } from "./_participation.ts";
import { EN, randomIp } from "./_visitors.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const ctx = await testApp({ env: { METRICS_TOKEN: TOKEN } });
const channelId = await randomChannel(ctx.sql);
/** The route that declares the vote's fast path, and its pattern (the one the metrics name it by). */
const VOTE_PATH = fastRoutes.find((r) => r.fast.front === "vote")!.path;
const url = `http://localhost${VOTE_PATH}`;
/** A POST of `body` as a widget sends it; `headers` adds to or replaces its headers. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": randomIp(), ...EN, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
/** The requests the front answered itself (its observer saw them). */
const answered = new WeakSet<Request>();
const none = { serve: () => null };
/** The app's fronts before routing, the vote's alone answering, found through the route manifest as the app does. */
const front = routeFronts(fastLookup(fastRoutes, routes), {
  vote: voteFront(ctx.deps, (req) => answered.add(req)),
  page: none,
  results: none,
  quiz: none,
});
/** The bodies the chain was handed. */
const chained: string[] = [];
/**
 * The app's chain: the app answering the request with a cookie that names no session, which the app's own
 * vote front leaves to its routing and middlewares.
 */
const chain = async (req: Request) => {
  chained.push(await req.clone().text());
  const headers = new Headers(req.headers);
  headers.set("cookie", "theme=dark");
  return await ctx.app.request(new Request(req, { headers }));
};
async function send(req: Request): Promise<{ res: Response; by: "front" | "chain" }> {
  const res = await (front.serve(req, undefined, chain) ?? chain(req));
  return { res, by: answered.has(req) ? "front" : "chain" };
}
/** Status, headers and body of an answer, ids and tokens made comparable. */
async function shape(res: Response) {
  const body = await res.json();
  for (const key of ["id", "task_id", "share_token"]) if (key in body) body[key] = typeof body[key];
  return { status: res.status, headers: [...res.headers], body };
}
/** A vote of `device` for `choice` in segment `segment` of the test's channel, as the widget sends it. */
const voteBody = (segment: number, device: string, choice: number) => ({
  channel_id: channelId,
  segment,
  device_id: device,
  content: { choice_ids: [choice] },
});
const rows = async (segment: number) =>
  (await ctx.sql<{ n: number }[]>`select count(*)::int as n from messages where segment_id = ${segment}`)[0]
    .n;

Deno.test({
  name: "vote front - answers a listener's participation as the route does",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const vote = await randomSegment(ctx.sql, channelId, { limit_1_vote: true }, ["Yes", "No"]);
      const closed = await randomSegment(ctx.sql, channelId, { end_date: new Date(Date.now() - 60_000) }, [
        "A",
        "B",
      ]);
      const other = await randomChannel(ctx.sql);

      await t.step(
        "the same status, headers and body as the chain, case by case; the same rows",
        async () => {
          const cases: [string, (device: string) => Record<string, unknown>][] = [
            [
              "a vote",
              (d) => ({ segment: vote.id, device_id: d, content: { choice_ids: [vote.choiceIds[0]] } }),
            ],
            [
              "a choice of another interaction",
              (d) => ({ segment: vote.id, device_id: d, content: { choice_ids: [1] } }),
            ],
            [
              "an unknown interaction",
              (d) => ({ segment: 2_000_000_000, device_id: d, content: { choice_ids: [1] } }),
            ],
            ["a device not issued here", () => ({ segment: vote.id, device_id: "made-up", content: {} })],
            ["another channel's interaction", (d) => ({ channel_id: other, segment: vote.id, device_id: d })],
            [
              "a closed interaction",
              (d) => ({ segment: closed.id, device_id: d, content: { choice_ids: [closed.choiceIds[0]] } }),
            ],
          ];
          let stored = 0;
          for (const [label, body] of cases) {
            const byFront = await send(post({ channel_id: channelId, ...body(testDevice(`f-${label}`)) }));
            // a cookie without a session leaves the request to the chain
            const byChain = await send(
              post({ channel_id: channelId, ...body(testDevice(`c-${label}`)) }, { cookie: "theme=dark" }),
            );
            assert.deepEqual([byFront.by, byChain.by], ["front", "chain"], label);
            const [front, chain] = [await shape(byFront.res), await shape(byChain.res)];
            assert.deepEqual(front, chain, label);
            if (front.body.id) stored += 2;
          }
          assert.ok(stored >= 2, "the vote stored by each way");
          assert.equal(await rows(vote.id), stored, "a row for each answer with an id, none for the others");
          assert.equal(await rows(closed.id), 0);
        },
      );

      await t.step(
        "one vote per device: the second is already received, through the front or not",
        async () => {
          const device = testDevice(`twice-${vote.id}`);
          const body = voteBody(vote.id, device, vote.choiceIds[1]);
          const answers = await Promise.all([
            send(post(body)),
            send(post(body)),
            send(post(body, { cookie: "theme=dark" })),
          ]);
          const bodies = await Promise.all(answers.map((a) => a.res.json()));
          assert.equal(bodies.filter((b) => typeof b.id === "number").length, 1, JSON.stringify(bodies));
          assert.equal(bodies.filter((b) => b.alreadyReceived === true).length, 2);
          assert.equal(
            (await ctx.sql`select 1 from messages where segment_id = ${vote.id} and device_id = ${device}`)
              .length,
            1,
          );
        },
      );

      await t.step("what the front does not take goes to the chain with the same bytes", async () => {
        const device = testDevice(`chain-${vote.id}`);
        const good = voteBody(vote.id, device, vote.choiceIds[0]);
        const cases: [string, Request, number, string | null][] = [
          ["malformed JSON", post('{"segment": 1,'), 400, "bad_request"],
          ["a field of the wrong type", post({ ...good, segment: "first" }), 400, "validation"],
          ["a NUL in a text", post({ ...good, content: { text: "a\u0000b" } }), 400, "invalid_character"],
          ["a high-stakes proof", post({ ...good, altcha: "bm90IGEgcHJvb2Y=" }), 200, null],
        ];
        for (const [label, req, status, code] of cases) {
          const text = await req.clone().text();
          const { res, by } = await send(req);
          assert.equal(by, "chain", label);
          assert.equal(chained.at(-1), text, `${label}: the chain read the same body`);
          assert.equal(res.status, status, label);
          const body = await res.json();
          if (code) {
            assert.equal(body.code, code, label);
            assert.doesNotMatch(JSON.stringify(body), /at .*\.ts/, "no stack trace");
          }
        }
        // taken by the chain before any byte is read: another method, address, content type, or a session
        const { token: session } = await randomAppUser(ctx);
        const declined: [string, Request][] = [
          ["a query", new Request(`${url}?lang=en`, { method: "POST", body: "{}" })],
          ["a trailing slash", new Request(`${url}/`, { method: "POST", body: "{}" })],
          ["another method", new Request(url, { method: "PUT", body: "{}" })],
          ["a form", post("segment=1", { "content-type": "application/x-www-form-urlencoded" })],
          ["text", post(good, { "content-type": "text/plain" })],
          ["a visitor token", post(good, { authorization: `Bearer ${session}` })],
          ["a cookie", post(good, { cookie: "im_session=x" })],
        ];
        for (const [label, req] of declined) assert.equal(front.serve(req, undefined, chain), null, label);
      });

      await t.step(
        "the sender's address is the one the trusted proxy saw, else the socket's (the per-address cap)",
        () => {
          const socket = { remoteAddr: { hostname: "192.0.2.7" } };
          const on = loadConfig({ TRUST_PROXY: "on" }), off = loadConfig({ TRUST_PROXY: "off" });
          assert.equal(clientAddress(on, "203.0.113.9, 10.0.0.1", socket), "10.0.0.1");
          assert.equal(clientAddress(off, "203.0.113.9", socket), "192.0.2.7");
          assert.equal(clientAddress(on, "", socket), "192.0.2.7");
          assert.equal(clientAddress(on, null, undefined), "unknown");
          assert.equal(clientAddress(on, "x".repeat(100), socket), "192.0.2.7", "a scribble is no address");
          assert.equal(clientAddress(on, "2001:db8:1:2::9", socket), "2001:db8:1:2::/64");
        },
      );

      await t.step(
        "a participation with an Idempotency-Key goes to the chain; sent again, it is the same",
        async () => {
          const limited = await randomSegment(ctx.sql, channelId, { limit_1_vote: true }, ["Yes", "No"]);
          const key = crypto.randomUUID();
          const body = voteBody(limited.id, testDevice(`key-${limited.id}`), limited.choiceIds[0]);
          const first = await send(post(body, { "idempotency-key": key }));
          const second = await send(post(body, { "idempotency-key": key }));
          assert.equal(first.by, "chain");
          assert.equal(second.by, "chain");
          assert.equal(first.res.status, 200);
          assert.equal(second.res.status, 200);
          const answer = await first.res.json();
          assert.equal(typeof answer.id, "number");
          assert.deepEqual(
            await second.res.json(),
            answer,
            "the participation of the first, not already received",
          );
          assert.equal(await rows(limited.id), 1);
          const other = await send(post(body, { "idempotency-key": crypto.randomUUID() }));
          assert.equal(
            (await other.res.json()).alreadyReceived,
            true,
            "another key is another participation",
          );
          const bad = await send(post(body, { "idempotency-key": "not-a-key" }));
          assert.equal(bad.res.status, 400);
          await bad.res.body?.cancel();
        },
      );

      await t.step("counted in the metrics under the route's pattern, as the chain counts it", async () => {
        const metrics = async () =>
          await (await ctx.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
        const count = (text: string, status: number) =>
          Number(
            text.match(
              new RegExp(
                `im_http_requests_total\\{route="${VOTE_PATH}",method="POST",status="${status}"\\} (\\d+)`,
              ),
            )?.[1] ?? 0,
          );
        const before = await metrics();
        const body = voteBody(vote.id, testDevice(`m-${vote.id}`), vote.choiceIds[0]);
        // through the app itself: its front answers these
        const ok = await ctx.app.request(post(body));
        const again = await ctx.app.request(post(body));
        const missing = await ctx.app.request(post({ ...body, segment: 2_000_000_000 }));
        assert.deepEqual([ok.status, again.status, missing.status], [200, 200, 404]);
        const after = await metrics();
        assert.equal(count(after, 200) - count(before, 200), 2);
        assert.equal(count(after, 404) - count(before, 404), 1);
      });
    } finally {
      await ctx.close();
    }
  },
});
