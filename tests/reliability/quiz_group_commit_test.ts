// The quiz's answers stored by group commit (lib/quiz/answer_batch.ts): answers sent together are stored in
// shared batches, yet each is judged as if it came alone. A device answering many times at once is stored
// once, the per-address cap counts every answer of a batch in turn, every acknowledged answer is stored, and
// a batch the database refuses is stored again answer by answer.
import assert from "node:assert/strict";
import { jsonOf } from "../_fixtures.ts";
import { answer, newDevice, openQuiz, step, storedAnswer } from "../api/_quiz.ts";
import { AnswerBatcher } from "../../lib/quiz/answer_batch.ts";

Deno.test("quiz group commit - answers sent at once are judged one by one", async (t) => {
  const { ctx, manager, quiz, q1 } = await openQuiz();
  try {
    await t.step("one device sending ten answers at once is stored once", async () => {
      const device = await newDevice(ctx);
      const statuses = await Promise.all(
        Array.from(
          { length: 10 },
          (_, i) =>
            answer(ctx, quiz.id, { question_id: q1, choice_ids: [1 + (i % 3)], device_id: device }, {
              ip: "192.0.2.1",
            }).then(async (r) => [r.status, (await jsonOf(r)).code ?? "ok"]),
        ),
      );
      assert.deepEqual(statuses.filter(([s]) => s === 200).length, 1);
      assert.deepEqual(
        statuses.filter(([s]) => s !== 200).map(([, c]) => c),
        Array(9).fill("quiz_already_answered"),
      );
      const [row] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from quiz_answers where question_id = ${q1} and player = ${"d" + device}`;
      assert.equal(row.n, 1);
    });

    await t.step("thirty answers at once from one address: the cap of 20 counts them in turn", async () => {
      const devices = await Promise.all(Array.from({ length: 30 }, () => newDevice(ctx)));
      const statuses = await Promise.all(
        devices.map((device) =>
          answer(ctx, quiz.id, { question_id: q1, choice_ids: [2], device_id: device }, {
            ip: "198.51.100.30",
          })
            .then(async (r) => (await r.body?.cancel(), r.status))
        ),
      );
      assert.deepEqual(statuses, Array(30).fill(200));
      const rows = await ctx.sql<{ integrity: string; n: number }[]>`
        select integrity, count(*)::int as n from quiz_answers
        where question_id = ${q1} and player = any(${devices.map((d) => "d" + d)}) group by 1 order by 1`;
      assert.deepEqual(rows.map((r) => [r.integrity, r.n]), [["counted", 20], ["suspicious", 10]]);
    });

    await t.step("a batch the database refuses is stored answer by answer", async () => {
      const batcher = new AnswerBatcher(ctx.sql);
      const base = storedAnswer(quiz.id);
      const good = { question_id: q1, player: "dgroup-good", ...base };
      // points beyond an int column: the database refuses the statement that holds this answer
      const bad = { question_id: q1, player: "dgroup-bad", ...base, points: 2 ** 40 };
      const [a, b] = await Promise.allSettled([
        batcher.submit({ answer: good, capKey: "group-test-a", windowStart: new Date(0) }),
        batcher.submit({ answer: bad, capKey: "group-test-b", windowStart: new Date(0) }),
      ]);
      assert.deepEqual(a, { status: "fulfilled", value: "stored" });
      assert.equal(b.status, "rejected");
      const stored = await ctx.sql<{ player: string }[]>`
        select player from quiz_answers where player like 'dgroup-%' order by player`;
      assert.deepEqual(stored.map((r) => r.player), ["dgroup-good"]);
    });

    await t.step("batches in flight at once: each judged as alone, one answer per player kept", async () => {
      const base = { ...storedAnswer(quiz.id), question_id: q1 };
      const windowStart = new Date(0);
      const commits = async (prefix: string) =>
        (await ctx.sql<{ n: number }[]>`
          select count(distinct xmin::text)::int as n from quiz_answers where player like ${prefix + "%"}`)[0]
          .n;
      // one batch at a time: the first answer goes at once, the two sent meanwhile wait and go together
      const single = new AnswerBatcher(ctx.sql, 500, 1);
      const alone = await Promise.all(
        ["a", "b", "c"].map((p) =>
          single.submit({ answer: { ...base, player: `done-${p}` }, capKey: "flight-1", windowStart })
        ),
      );
      assert.deepEqual(alone, ["stored", "stored", "stored"]);
      assert.equal(await commits("done-"), 2);
      // four in flight: each answer sent while the others wait starts a batch of its own
      const four = new AnswerBatcher(ctx.sql, 500, 4);
      const outcomes = await Promise.all(
        ["a", "b", "a", "c", "d"].map((p) =>
          four.submit({ answer: { ...base, player: `dflight-${p}` }, capKey: "flight-4", windowStart })
        ),
      );
      // the two answers of player a race in two batches: the database keeps one, whichever commits first
      assert.deepEqual([outcomes[0], outcomes[2]].toSorted(), ["repeated", "stored"]);
      assert.deepEqual([outcomes[1], outcomes[3], outcomes[4]], ["stored", "stored", "stored"]);
      assert.equal(await commits("dflight-"), 4, "four batches at once, the fifth answer after them");
      // the per-address counter counted every answer of every batch, the repeated one included
      const [hits] = await ctx.sql<{ count: number }[]>`
        select count::int from rate_limits where key = 'flight-4'`;
      assert.equal(hits.count, 5);
    });

    await t.step("every acknowledged answer is stored, none after the close", async () => {
      const devices = await Promise.all(Array.from({ length: 40 }, () => newDevice(ctx)));
      const sent = devices.map((device, i) =>
        answer(ctx, quiz.id, { question_id: q1, choice_ids: [3], device_id: device }, {
          ip: `203.0.113.${i}`,
        })
          .then(async (r) => (await r.body?.cancel(), r.status))
      );
      const closing = step(ctx, manager, quiz.id, q1, "close");
      const statuses = await Promise.all(sent);
      assert.equal((await closing).status, 200);
      const [row] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from quiz_answers
        where question_id = ${q1} and player = any(${devices.map((d) => "d" + d)})`;
      assert.equal(row.n, statuses.filter((s) => s === 200).length);
      assert.ok(statuses.every((s) => s === 200 || s === 410), JSON.stringify(statuses));
    });
  } finally {
    await ctx.close();
  }
});
