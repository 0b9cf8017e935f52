// Attacks on the live quiz: answers after the close (also racing it), twice per device (also at once), forged
// device ids, another channel's listener token, a client-reported time trying to win the speed bonus, the
// right answer read before the reveal, a listener at the presenter's controls, more answers than the
// per-address cap.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { randomAppUser } from "../api/_participation.ts";
import { answer, newDevice, randomQuiz, step, testClock } from "../api/_quiz.ts";

Deno.test("quiz attacks - late, twice, forged, another channel, client time, early reads", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, tv, token } = await demoStaff(ctx);
    const operator = await token("operator");
    const clock = testClock(ctx);
    const quiz = await randomQuiz(ctx, radio, await token("manager"));
    const [q1, q2] = quiz.questionIds;
    assert.equal((await step(ctx, operator, quiz.id, q1, "open")).status, 200);

    await t.step("the right answer is not in what listeners or screens read while open", async () => {
      const text = await (await ctx.request(`/api/v1/quizzes/${quiz.id}`)).text();
      assert.ok(!text.includes("right_choice_ids"));
      assert.ok(!text.includes('"right"'));
    });

    await t.step("a forged or altered device id is refused", async () => {
      const device = await newDevice(ctx);
      for (
        const forged of [
          "d1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
          device.slice(0, -1) + (device.endsWith("A") ? "B" : "A"),
          "anything",
        ]
      ) {
        const res = await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2], device_id: forged });
        assert.equal(res.status, 400, forged);
        assert.equal((await jsonOf(res)).code, "invalid_device");
      }
      const none = await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2] });
      assert.equal(none.status, 400);
      assert.equal((await jsonOf(none)).code, "device_required");
      const count = await ctx.sql`select 1 from quiz_answers where segment_id = ${quiz.id}`;
      assert.equal(count.length, 0);
    });

    await t.step("twice per device, also sent at once: one answer stored", async () => {
      const device = await newDevice(ctx);
      const results = await Promise.all(
        Array.from(
          { length: 8 },
          (_, i) => answer(ctx, quiz.id, { question_id: q1, choice_ids: [i % 2 ? 1 : 2], device_id: device }),
        ),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await ctx.sql`select 1 from quiz_answers where question_id = ${q1}`;
      assert.equal(rows.length, 1);
    });

    await t.step("another channel's listener token is refused; this channel's plays", async () => {
      const foreign = await randomAppUser(ctx, { channel_id: tv });
      const res = await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2] }, { token: foreign.token });
      assert.equal(res.status, 403);
      const own = await randomAppUser(ctx, { channel_id: radio });
      assert.equal(
        (await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2] }, { token: own.token })).status,
        200,
      );
      assert.equal(
        (await answer(ctx, quiz.id, { question_id: q1, choice_ids: [1] }, { token: own.token })).status,
        409,
        "a signed-in listener answers once too, whatever device it sends",
      );
    });

    await t.step("a time sent by the phone is not read: the server's receipt sets the bonus", async () => {
      clock.advance(10_000);
      const device = await newDevice(ctx);
      const res = await answer(ctx, quiz.id, {
        question_id: q1,
        choice_ids: [2],
        device_id: device,
        elapsed_ms: 0,
        received_at: new Date(0).toISOString(),
        answered_at: clock.now().getTime() - 10_000,
      });
      assert.equal(res.status, 200);
      const [row] = await ctx.sql<{ elapsed_ms: number; points: number }[]>`
        select elapsed_ms, points from quiz_answers where player = ${"d" + device}`;
      assert.equal(row.elapsed_ms, 10_000);
      assert.equal(row.points, 125);
    });

    await t.step("listeners cannot use the presenter's controls", async () => {
      const listener = await randomAppUser(ctx, { channel_id: radio });
      for (const what of ["close", "reveal"]) {
        const res = await step(ctx, listener.token, quiz.id, q1, what);
        assert.equal(res.status, 401, what);
      }
      const anonymous = await ctx.request(`/api/v1/show_segments/${quiz.id}/quiz/winners`, {
        method: "POST",
        json: { mode: "top", count: 1 },
      });
      assert.equal(anonymous.status, 401);
      // another channel's staff cannot reach this quiz
      await ctx.sql`insert into users (login, email, role, channel_id, confirmed_at)
        values ('quiztv', 'quiztv@example.com', 'operator', ${tv}, now())`;
      const tvboss = await (await demoStaff(ctx)).token("quiztv");
      assert.equal((await step(ctx, tvboss, quiz.id, q1, "close")).status, 404);
    });

    await t.step("after the close: refused, exactly at zero and racing it", async () => {
      clock.advance(9_999); // 19.999 s: still open
      const justIn = await newDevice(ctx);
      assert.equal(
        (await answer(ctx, quiz.id, { question_id: q1, choice_ids: [2], device_id: justIn })).status,
        200,
      );
      clock.advance(1); // 20 s: closed
      const devices = await Promise.all(Array.from({ length: 5 }, () => newDevice(ctx)));
      const late = await Promise.all(
        devices.map((d) => answer(ctx, quiz.id, { question_id: q1, choice_ids: [2], device_id: d })),
      );
      assert.deepEqual(late.map((r) => r.status), [410, 410, 410, 410, 410]);
      const stored = await ctx.sql`select 1 from quiz_answers where question_id = ${q1} and received_at >= (
        select closes_at from quiz_questions where id = ${q1})`;
      assert.equal(stored.length, 0);
      // a question never opened is not answerable either
      const early = await answer(ctx, quiz.id, { question_id: q2, choice_ids: [1], device_id: justIn });
      assert.equal(early.status, 409);
    });

    await t.step("another quiz's question id is unknown here", async () => {
      const other = await randomQuiz(ctx, radio, await token("manager"));
      const res = await answer(ctx, quiz.id, {
        question_id: other.questionIds[0],
        choice_ids: [1],
        device_id: await newDevice(ctx),
      });
      assert.equal(res.status, 404);
    });

    await t.step("past the per-address cap, answers are held as suspicious and not counted", async () => {
      await ctx.sql`update segments set vote_cap_per_address = 2 where id = ${quiz.id}`;
      assert.equal((await step(ctx, operator, quiz.id, q2, "open")).status, 200);
      for (let i = 0; i < 4; i++) {
        const res = await answer(ctx, quiz.id, {
          question_id: q2,
          choice_ids: [1],
          device_id: await newDevice(ctx),
        }, {
          ip: "198.51.100.9",
        });
        assert.equal(res.status, 200);
      }
      const rows = await ctx.sql<{ integrity: string; n: number }[]>`
        select integrity, count(*)::int as n from quiz_answers where question_id = ${q2} group by 1 order by 1`;
      assert.deepEqual(rows.map((r) => [r.integrity, r.n]), [["counted", 2], ["suspicious", 2]]);
      const screen = await jsonOf(await ctx.request(`/api/v1/quizzes/${quiz.id}`));
      assert.equal(screen.answers, 2, "held answers are not counted on screens");
    });

    await t.step("the presenter screen's quiz keys are offered to the channel's staff only", async () => {
      const overlay = await jsonOf(
        await ctx.request(`/api/v1/show_segments/${quiz.id}/overlay`, { token: await token("manager") }),
      );
      const path = `${new URL(overlay.url).pathname}?mode=presenter`;
      // the island's last prop: the quiz the one looking may run with keys, or null
      const keysFor = async (bearer?: string) => {
        const res = await ctx.request(path, { token: bearer });
        assert.equal(res.status, 200);
        const found = [...(await res.text()).matchAll(/&quot;quiz&quot;:(\d+|null)/g)];
        return found.at(-1)?.[1];
      };
      assert.equal(await keysFor(await token("manager")), String(quiz.id));
      assert.equal(await keysFor(operator), String(quiz.id), "the operator presents the quiz");
      assert.equal(await keysFor(), "null", "a mixer's browser without a session");
      assert.equal(
        await keysFor(await (await demoStaff(ctx)).token("quiztv")),
        "null",
        "another channel's staff",
      );
      const listener = await randomAppUser(ctx);
      assert.equal(await keysFor(listener.token), "null", "a listener");
    });
  } finally {
    await ctx.close();
  }
});
