// Live quiz answers by SMS and WhatsApp, through webhooks signed as the providers sign them (tests/_providers.ts):
// while a question is open, "B", "2" or a choice's label sent to the line feeding the quiz is an answer of that
// number, scored by the widget's rules from the server's clock; once per number and question; refused after the
// close; a line of another channel cannot answer; STOP still unsubscribes; on air the player is
// "Auditeur · city" or a made-up name, never the number.
import assert from "node:assert/strict";
import { jsonOf } from "../_fixtures.ts";
import { addLine as addLineOf, postWhatsapp, whatsappBody } from "../_providers.ts";
import { randomSegment } from "./_participation.ts";
import { answer, newDevice, randomQuiz, step } from "./_quiz.ts";
import { ACCESS_TOKEN, ACCOUNT, phoneQuizApp, smsSender } from "./_quiz_lines.ts";

const APP_SECRET = "meta-quiz-secret";

/** A question whose right answer is a STOP word: STOP must still unsubscribe, never answer. */
const QUESTIONS = [
  {
    text: "Which word is written on a red octagonal road sign?",
    choices: [{ id: 1, label: "Go" }, { id: 2, label: "Stop" }, { id: 3, label: "Yield" }],
    right_choice_ids: [2],
    time_limit_s: 20,
    points: 100,
  },
  {
    text: "Which planet is the largest?",
    choices: [{ id: 1, label: "Mars" }, { id: 2, label: "Jupiter" }, { id: 3, label: "Venus" }],
    right_choice_ids: [2],
    time_limit_s: 20,
    points: 100,
  },
];

Deno.test({
  name: "quiz by phone - SMS and WhatsApp answers score once per number, refused after the close",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const app = await phoneQuizApp();
    try {
      const { ctx, staff: { radio, tv, token }, manager, operator, clock } = app;
      const game = await randomQuiz(ctx, radio, manager, { title: "Phone quiz", questions: QUESTIONS });
      const [q1, q2] = game.questionIds;
      // the demo radio speaks French: names on air are in the channel's language
      const [{ language }] = await ctx.sql<
        { language: string }[]
      >`select language from channels where id = ${radio}`;
      assert.equal(language, "fr");
      const tvSegment = await randomSegment(ctx.sql, tv, { type: "message" });
      const twilio = { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token };
      const addLine = (channel: number, body: Record<string, unknown>, as = manager) =>
        addLineOf(ctx, channel, as, body);
      const sms = await addLine(radio, { kind: "sms", segment_id: game.id, credentials: twilio });
      const whatsapp = await addLine(radio, {
        kind: "whatsapp",
        address: "106540352242922",
        segment_id: game.id,
        credentials: { app_secret: APP_SECRET, access_token: ACCESS_TOKEN, verify_token: "v" },
      });
      // the TV channel's line: its senders must never reach the radio's quiz
      const tvSms = await addLine(
        tv,
        { kind: "sms", segment_id: tvSegment.id, credentials: twilio },
        await token("admin"),
      );

      const senders = new Map([[sms, smsSender(ctx, sms)], [tvSms, smsSender(ctx, tvSms)]]);
      const textBySms = (line: number, from: string, body: string, city?: string) =>
        senders.get(line)!(from, body, city);
      let sid = 0;
      const textByWhatsapp = async (from: string, name: string, body: string) => {
        const raw = whatsappBody("106540352242922", from, name, {
          id: `wamid.${++sid}`,
          type: "text",
          text: { body },
        });
        const res = await postWhatsapp(ctx, whatsapp, APP_SECRET, raw);
        assert.equal(res.status, 200);
        await res.body?.cancel();
      };
      const answersOf = (questionId: number) =>
        ctx.sql<
          { player: string; pseudonym: string; choice_ids: number[]; points: number; elapsed_ms: number }[]
        >`
          select player, pseudonym, choice_ids, points, elapsed_ms from quiz_answers
          where question_id = ${questionId} order by id`;
      const screen = async () => await jsonOf(await ctx.request(`/api/v1/quizzes/${game.id}`));

      await t.step(
        "before the question opens, a text is no answer nor a participation: held, the listener told once",
        async () => {
          const told = await textBySms(sms, "+33611110000", "B");
          assert.match(told, /<Message>La prochaine question arrive/, "told in the channel's language");
          assert.equal((await answersOf(q1)).length, 0);
          const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from messages where segment_id = ${game.id}`;
          assert.equal(n, 0, "a quiz's line holds no inbox message");
          const held = await ctx.sql<{ reason: string; text: string }[]>`
            select reason, text from line_held_messages where segment_id = ${game.id}`;
          assert.deepEqual(held.map((h) => [h.reason, h.text]), [["quiz_no_question", "B"]]);
          assert.match(await textBySms(sms, "+33611110000", "C"), /<Response><\/Response>/, "told once");
        },
      );

      const [{ n: numbersBefore }] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from phone_numbers`;
      const device = await newDevice(ctx);
      await t.step(
        "question open: SMS and WhatsApp answers are scored as the widget's at the same time",
        async () => {
          assert.equal((await step(ctx, operator, game.id, q1, "open")).status, 200);
          clock.advance(4_000);
          // the right answer by its letter, from Lyon; by its label on WhatsApp; a wrong one by its number
          assert.match(await textBySms(sms, "+33611111111", "B", "Lyon"), /<Response><\/Response>/);
          await textByWhatsapp("33622222222", "Amélie Martin", "stop.");
          await textBySms(sms, "+33633333333", "1");
          const widget = await answer(ctx, game.id, { question_id: q1, choice_ids: [2], device_id: device });
          assert.equal(widget.status, 200);
          const rows = await answersOf(q1);
          assert.equal(rows.length, 3, "the WhatsApp 'stop.' unsubscribed: it is not an answer");
          const [lyon, wrong, web] = rows;
          assert.deepEqual(lyon.choice_ids, [2]);
          assert.equal(lyon.pseudonym, "Auditeur · Lyon");
          assert.equal(lyon.elapsed_ms, 4_000, "timed by the server's clock");
          assert.equal(lyon.points, web.points, "the widget's points at the same time");
          assert.ok(lyon.points > 100, "right and fast: the speed bonus");
          assert.deepEqual(wrong.choice_ids, [1]);
          assert.equal(wrong.points, 0);
          assert.match(wrong.pseudonym, /^Joueur [0-9A-F]{4}$/, "no city known: a made-up name");
          for (const r of rows) {
            assert.ok(
              !/3361|3363|\+33/.test(r.player + r.pseudonym),
              "the number is never a player's key or name",
            );
          }
          const [{ n }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from phone_numbers`;
          assert.equal(n, numbersBefore, "a quiz answer stores no number: its keyed hash is the player");
        },
      );

      await t.step(
        "STOP wins over a choice called Stop: the number is forgotten, not an answer",
        async () => {
          // a number the TV's inbox knows (it sent a message there) also plays the radio's quiz
          assert.match(await textBySms(tvSms, "+33644444444", "Hello TV"), /<Response><\/Response>/);
          const [{ n: before }] = await ctx.sql<
            { n: number }[]
          >`select count(*)::int as n from phone_numbers`;
          const reply = await textBySms(sms, "+33644444444", "B", "Brest");
          assert.match(reply, /<Response><\/Response>/);
          const stopped = await textBySms(sms, "+33644444444", "STOP");
          assert.match(stopped, /<Message>[^<]+<\/Message>/, "STOP is confirmed");
          const [{ n: after }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from phone_numbers`;
          assert.equal(after, before - 1, "the number is forgotten");
          const brest = (await answersOf(q1)).filter((r) => r.pseudonym === "Auditeur · Brest");
          assert.equal(brest.length, 1, "its B counted once; STOP added no answer");
        },
      );

      await t.step("a second answer from the same number is not counted", async () => {
        clock.advance(1_000);
        const told = await textBySms(sms, "+33611111111", "A", "Lyon");
        assert.match(told, /<Message>Vous avez déjà répondu à cette question/, "the widget's own text");
        const lyon = (await answersOf(q1)).filter((r) => r.pseudonym === "Auditeur · Lyon");
        assert.equal(lyon.length, 1);
        assert.deepEqual(lyon[0].choice_ids, [2], "the first answer stands");
        assert.equal((await screen()).answers, 4, "the overlay counts the phone answers with the widget's");
      });

      await t.step("a number texting another channel's line cannot answer this quiz", async () => {
        await textBySms(tvSms, "+33655555555", "B", "Nice");
        assert.equal((await answersOf(q1)).length, 4);
        const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from quiz_answers where pseudonym = 'Auditeur · Nice'`;
        assert.equal(n, 0);
        // even a line row pointed at this quiz by hand stays its own channel's: its answer is refused
        await ctx.sql`update phone_lines set segment_id = ${game.id} where id = ${tvSms}`;
        await textBySms(tvSms, "+33655555555", "B", "Nice");
        await ctx.sql`update phone_lines set segment_id = ${tvSegment.id} where id = ${tvSms}`;
        assert.equal((await answersOf(q1)).length, 4, "another channel's line answers nothing");
      });

      await t.step("after the close an answer is refused, held and the listener told", async () => {
        clock.advance(16_000); // 21 s after the opening of a 20 s question
        assert.match(await textBySms(sms, "+33666666666", "B", "Paris"), /<Message>La prochaine question/);
        const [held] = await ctx.sql<{ reason: string; author_city: string }[]>`
          select reason, author_city from line_held_messages where segment_id = ${game.id} order by id desc limit 1`;
        assert.deepEqual(held, { reason: "quiz_no_question", author_city: "Paris" });
        assert.equal((await answersOf(q1)).length, 4);
        const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from messages where segment_id = ${game.id}`;
        assert.equal(n, 0, "nor kept as a participation of the game");
      });

      await t.step(
        "at the reveal the leaderboard counts the phone players, by their names on air",
        async () => {
          assert.equal((await step(ctx, operator, game.id, q1, "reveal")).status, 200);
          const top = (await screen()).top as { pseudonym: string; score: number }[];
          const names = top.map((s) => s.pseudonym);
          assert.ok(names.includes("Auditeur · Lyon"), names.join());
          assert.ok(names.includes("Auditeur · Brest"), names.join());
          assert.ok(!JSON.stringify(top).includes("33"), "no number on air");
        },
      );

      await t.step("the next question takes a number's answer again", async () => {
        assert.equal((await step(ctx, operator, game.id, q2, "open")).status, 200);
        clock.advance(2_000);
        await textByWhatsapp("33622222222", "Amélie Martin", "Jupiter");
        const [row] = await answersOf(q2);
        assert.deepEqual(row.choice_ids, [2]);
        assert.match(row.pseudonym, /^Joueur [0-9A-F]{4}$/, "the WhatsApp profile name is not shown on air");
        // a number its listener linked to their account from my space answers as that account
        await textBySms(tvSms, "+33677777777", "Hello TV");
        const [listener] = await ctx.sql<{ id: number }[]>`
          select id::int as id from app_users where channel_id = ${radio} order by id limit 1`;
        await ctx.sql`update phone_numbers set app_user_id = ${listener.id}
          where id = (select max(id) from phone_numbers)`;
        await textBySms(sms, "+33677777777", "Jupiter", "Caen");
        const linked = (await answersOf(q2)).find((r) => r.pseudonym === "Auditeur · Caen");
        assert.equal(linked?.player, `u${listener.id}`, "one answer per person, by widget or phone");
      });
    } finally {
      await app.close();
    }
  },
});
