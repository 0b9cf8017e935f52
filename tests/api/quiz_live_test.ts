// The quiz's live stream that listeners' widgets follow instead of reading the quiz every second
// (GET /api/v1/quizzes/{id}/live): the same screen for everyone (question, countdown on the server's clock,
// answer count, top 10, winners; pseudonyms only, never the right answer while open), a new state on each
// answer and presenter step, within the instance's cap of live streams; not a quiz: 404 before any stream.
import assert from "node:assert/strict";
import { demoStaff, notificationsHeard, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { readSse } from "../_sse.ts";
import { answer, newDevice, randomQuiz, step, testClock } from "./_quiz.ts";
import { randomSegment } from "./_participation.ts";

const CAP = 2;

Deno.test({
  name: "quiz live stream - listeners follow the quiz's screen, bounded by the live stream cap",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp({ demoPassword: "Demo-Password-1!", env: { LIVE_STREAMS_MAX: String(CAP) } });
    const streams: { close(): Promise<void> }[] = [];
    try {
      const { radio, token } = await demoStaff(ctx);
      const manager = await token("manager");
      const clock = testClock(ctx);
      const quiz = await randomQuiz(ctx, radio, manager);
      const [q1] = quiz.questionIds;
      const live = (accept = "text/event-stream") =>
        ctx.request(`/api/v1/quizzes/${quiz.id}/live`, { headers: { accept } });

      await t.step("without a stream asked for: the screen once, as JSON", async () => {
        const res = await live("application/json");
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("cache-control"), "no-store");
        assert.deepEqual(await jsonOf(res), { question: null, answers: 0, top: [], winners: [] });
      });

      await t.step("an answer and each presenter step send the new screen, the same for all", async () => {
        const res = await live();
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
        const sse = readSse(res);
        streams.push(sse);
        const first = await sse.next((e) => e.event === "quiz");
        assert.equal(first.json.question, null);

        assert.equal((await step(ctx, manager, quiz.id, q1, "open")).status, 200);
        await notificationsHeard(ctx);
        const opened = await sse.next((e) => e.event === "quiz" && e.json.question?.phase === "open");
        assert.equal(opened.json.question.id, q1);
        assert.equal(opened.json.question.remaining_ms, 20_000, "counted on the server's clock");
        assert.equal(opened.json.question.right_choice_ids, undefined, "never the right answer while open");

        const device = await newDevice(ctx);
        const sent = await answer(ctx, quiz.id, {
          question_id: q1,
          choice_ids: [2],
          device_id: device,
          pseudonym: "Ann",
        });
        assert.equal(sent.status, 200);
        await notificationsHeard(ctx);
        const counted = await sse.next((e) => e.event === "quiz" && e.json.answers === 1);
        assert.doesNotMatch(JSON.stringify(counted.json), new RegExp(device), "no device id on the stream");

        clock.advance(21_000);
        assert.equal((await step(ctx, manager, quiz.id, q1, "reveal")).status, 200);
        await notificationsHeard(ctx);
        const revealed = await sse.next((e) => e.event === "quiz" && e.json.question?.phase === "revealed");
        assert.deepEqual(revealed.json.top.map((s: { pseudonym: string }) => s.pseudonym), ["Ann"]);
      });

      await t.step("past the instance's cap of live streams: 503 with Retry-After", async () => {
        const second = await live();
        assert.equal(second.status, 200);
        streams.push(readSse(second));
        const third = await live();
        assert.equal(third.status, 503);
        assert.ok(Number(third.headers.get("retry-after")) > 0);
        await third.body?.cancel();
      });

      await t.step("not a game with questions: 404, no stream", async () => {
        const vote = await randomSegment(ctx.sql, radio, {}, ["Yes", "No"]);
        const game = await randomSegment(ctx.sql, radio, { type: "game" });
        for (const id of [vote.id, game.id, 2_000_000_000]) {
          const res = await ctx.request(`/api/v1/quizzes/${id}/live`, {
            headers: { accept: "text/event-stream" },
          });
          assert.equal(res.status, 404, String(id));
          await res.body?.cancel();
        }
      });
    } finally {
      for (const s of streams) await s.close().catch(() => {});
      await ctx.close();
    }
  },
});
