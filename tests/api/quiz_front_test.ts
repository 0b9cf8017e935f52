// The quiz answer front (app/vote_front.ts quizFront, the fast path POST /api/v1/quizzes/{id}/answers
// declares): a listener's answer without a session is answered before the app's routing, exactly as the route
// would answer it (status, headers, body, what is stored); everything else goes to the chain, with the same
// bytes. A TV game's "answer now" is thousands of these a second (bench/quiz.ts).
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { quizFront } from "../../app/vote_front.ts";
import { fastLookup, routeFronts } from "../../app/front.ts";
import { fastRoutes, routes } from "../../routes.gen.ts";
import { newDevice, randomQuiz, step, testClock } from "./_quiz.ts";

const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
const { radio, token } = await demoStaff(ctx);
const manager = await token("manager");
const clock = testClock(ctx);
const QUIZ_PATH = fastRoutes.find((r) => r.fast.front === "quiz")!.path;
const urlOf = (id: number | string) => `http://localhost${QUIZ_PATH.replace(":id", String(id))}`;
let address = 0;
const post = (id: number | string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(urlOf(id), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `198.51.100.${++address % 250}`,
      "accept-language": "en",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const answered = new WeakSet<Request>();
const none = { serve: () => null };
/** The app's fronts before routing, the quiz's alone answering, found through the route manifest as the app does. */
const front = routeFronts(fastLookup(fastRoutes, routes), {
  quiz: quizFront(ctx.deps, (req) => answered.add(req)),
  vote: none,
  page: none,
  results: none,
});
const chained: string[] = [];
/** The app's chain, reached with a cookie that names no session (the app's own front leaves such a request). */
const chain = async (req: Request) => {
  chained.push(await req.clone().text());
  const headers = new Headers(req.headers);
  headers.set("cookie", "theme=dark");
  return await ctx.app.request(new Request(req, { headers }));
};
async function send(req: Request) {
  const res = await (front.serve(req, undefined, chain) ?? chain(req));
  return { res, by: answered.has(req) ? "front" : "chain" };
}
const shape = async (res: Response) => ({
  status: res.status,
  headers: [...res.headers],
  body: await res.json(),
});
const stored = async (questionId: number) =>
  (await ctx.sql<
    { n: number }[]
  >`select count(*)::int as n from quiz_answers where question_id = ${questionId}`)[0]
    .n;

Deno.test({
  name: "quiz front - answers a listener's answer as the route does",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const quiz = await randomQuiz(ctx, radio, manager);
      const other = await randomQuiz(ctx, radio, manager);
      const [q1, q2] = quiz.questionIds;
      assert.equal((await step(ctx, manager, quiz.id, q1, "open")).status, 200);

      await t.step(
        "the same status, headers and body as the chain, case by case; the same rows",
        async () => {
          const cases: [string, (device: string) => [number, Record<string, unknown>]][] = [
            ["an answer", (d) => [quiz.id, { question_id: q1, choice_ids: [2], device_id: d }]],
            [
              "a question not opened yet",
              (d) => [quiz.id, { question_id: q2, choice_ids: [1], device_id: d }],
            ],
            [
              "a choice the question has not",
              (d) => [quiz.id, { question_id: q1, choice_ids: [7], device_id: d }],
            ],
            ["a forged device", () => [quiz.id, { question_id: q1, choice_ids: [2], device_id: "made-up" }]],
            ["no device", () => [quiz.id, { question_id: q1, choice_ids: [2] }]],
            ["an unknown quiz", (d) => [2_000_000_000, { question_id: q1, choice_ids: [2], device_id: d }]],
            [
              "another quiz's question",
              (d) => [other.id, { question_id: q1, choice_ids: [2], device_id: d }],
            ],
          ];
          for (const [label, make] of cases) {
            const [id, body] = make(await newDevice(ctx));
            const byFront = await send(post(id, body));
            const [id2, body2] = make(await newDevice(ctx));
            const byChain = await send(post(id2, body2, { cookie: "theme=dark" }));
            assert.deepEqual([byFront.by, byChain.by], ["front", "chain"], label);
            assert.deepEqual(await shape(byFront.res), await shape(byChain.res), label);
          }
          assert.equal(await stored(q1), 2, "the answer stored by each way, nothing for the others");
          assert.equal(await stored(q2), 0);
        },
      );

      await t.step(
        "one answer per device: the second is refused, through the front or the chain",
        async () => {
          const device = await newDevice(ctx);
          const body = { question_id: q1, choice_ids: [1], device_id: device };
          const answers = await Promise.all([
            send(post(quiz.id, body)),
            send(post(quiz.id, body)),
            send(post(quiz.id, body, { cookie: "theme=dark" })),
          ]);
          const statuses = answers.map((a) => a.res.status).sort();
          assert.deepEqual(statuses, [200, 409, 409]);
          const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from quiz_answers where question_id = ${q1} and player like ${`%${device}%`}`;
          assert.equal(n, 1);
        },
      );

      await t.step("the fallback name is in the browser's language, as the chain gives it", async () => {
        const device = await newDevice(ctx);
        const res = await send(
          post(quiz.id, { question_id: q1, choice_ids: [2], device_id: device }, { "accept-language": "pl" }),
        );
        assert.equal(res.by, "front");
        assert.equal(res.res.status, 200);
        const [row] = await ctx.sql<{ pseudonym: string }[]>`
          select pseudonym from quiz_answers where question_id = ${q1} order by id desc limit 1`;
        assert.match(row.pseudonym, /^Gracz [0-9A-F]{4}$/);
      });

      await t.step("after the close, the front refuses as the route does (410)", async () => {
        clock.advance(21_000);
        const res = await send(
          post(quiz.id, { question_id: q1, choice_ids: [2], device_id: await newDevice(ctx) }),
        );
        assert.equal(res.by, "front");
        assert.equal(res.res.status, 410);
        assert.equal((await res.res.json()).code, "quiz_answers_closed");
      });

      await t.step("what the front does not take goes to the chain with the same bytes", async () => {
        const cases: [string, Request, number][] = [
          ["malformed JSON", post(quiz.id, '{"question_id": 1,'), 400],
          ["a field of the wrong type", post(quiz.id, { question_id: "first", choice_ids: [1] }), 400],
          [
            "a NUL in the pseudonym",
            post(quiz.id, { question_id: q1, choice_ids: [1], pseudonym: "a\u0000b" }),
            400,
          ],
        ];
        for (const [label, req, status] of cases) {
          const text = await req.clone().text();
          const { res, by } = await send(req);
          assert.equal(by, "chain", label);
          assert.equal(chained.at(-1), text, `${label}: the chain read the same body`);
          assert.equal(res.status, status, label);
          await res.body?.cancel();
        }
        const declined: [string, Request][] = [
          ["an id the route refuses", post("abc", { question_id: q1, choice_ids: [1] })],
          ["a query", new Request(`${urlOf(quiz.id)}?lang=en`, { method: "POST", body: "{}" })],
          ["another method", new Request(urlOf(quiz.id), { method: "PUT", body: "{}" })],
          ["a listener's token", post(quiz.id, {}, { authorization: "Bearer x" })],
          ["a cookie", post(quiz.id, {}, { cookie: "im_session=x" })],
        ];
        for (const [label, req] of declined) assert.equal(front.serve(req, undefined, chain), null, label);
      });
    } finally {
      await ctx.close();
    }
  },
});
