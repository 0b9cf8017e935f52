import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { busOf } from "../../lib/live/bus.ts";
import { segmentChanged } from "../../lib/live/events.ts";
import {
  drainJobs,
  randomAppUser,
  randomChannel,
  randomSegment,
  testDevice,
  waitTask,
} from "./_participation.ts";

const ctx = await testApp({ jobs: true });
const channelId = await randomChannel(ctx.sql);
const send = (body: Record<string, unknown>, token?: string) =>
  ctx.request("/api/v1/interactions", { method: "POST", json: { channel_id: channelId, ...body }, token });
const participationJobs = async () =>
  (await ctx.sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'participation'`)[0]
    .n;
const votes = async (segmentId: number) =>
  (await ctx.sql<
    { n: number }[]
  >`select coalesce(sum(count), 0)::int as n from vote_counts where segment_id = ${segmentId}`)[0].n;

Deno.test({
  name: "POST interactions - votes, limits and task results",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const vote = await randomSegment(ctx.sql, channelId, {}, ["Yes", "No", "Maybe"]);

    await t.step(
      "a vote is stored, counted and answered with a task that succeeds with the results",
      async () => {
        const res = await send({
          segment: vote.id,
          device_id: testDevice("dev-1"),
          site_ref: "home",
          content: { choice_ids: [vote.choiceIds[1]] },
        });
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        const body = await res.json();
        assert.equal(typeof body.task_id, "string");
        const task = await waitTask(ctx, body.task_id);
        assert.equal(task.status, "SUCCESS");
        assert.equal(task.result.id, body.id);
        assert.deepEqual(
          task.result.results.map((r: { label: string; percentage: number }) => [r.label, r.percentage]),
          [
            ["Yes", 0],
            ["No", 100],
            ["Maybe", 0],
          ],
        );
        const [row] = await ctx
          .sql`select type, site_ref, device_id, limited, choice_ids::int[] as choice_ids, content
        from messages where id = ${body.id}`;
        assert.equal(row.type, "single_choice_question");
        assert.equal(row.site_ref, "home");
        assert.equal(row.limited, true);
        assert.deepEqual(row.choice_ids, [vote.choiceIds[1]]);
        assert.equal(row.content.choice_text, "No");
        assert.equal(await votes(vote.id), 1);
        const [counts] = await ctx.sql`select sum(messages)::int as m, sum(participants)::int as p
        from segment_counts where segment_id = ${vote.id}`;
        assert.deepEqual({ ...counts }, { m: 1, p: 1 });
      },
    );

    await t.step("a second vote from the same device is already received and not counted", async () => {
      const res = await send({
        segment: vote.id,
        device_id: testDevice("dev-1"),
        content: { choice_ids: [vote.choiceIds[0]] },
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      assert.deepEqual(await res.json(), { message: "already_received", alreadyReceived: true });
      assert.equal(await votes(vote.id), 1);
    });

    await t.step("a second vote of the same app user from another device is already received", async () => {
      const user = await randomAppUser(ctx);
      const first = await send({
        segment: vote.id,
        device_id: testDevice("dev-2"),
        author_app_user_id: user.id,
        content: { choice_ids: [vote.choiceIds[0]] },
      }, user.token);
      assert.equal(first.status, 200);
      assert.ok((await first.json()).task_id);
      const second = await send({
        segment: vote.id,
        device_id: testDevice("dev-3"),
        content: { choice_ids: [vote.choiceIds[0]] },
      }, user.token);
      assert.equal(second.status, 200);
      assert.equal((await second.json()).alreadyReceived, true);
      assert.equal(await votes(vote.id), 2);
    });

    await t.step("twenty simultaneous votes from one device count once", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {}, ["A", "B"]);
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          () =>
            send({
              segment: seg.id,
              device_id: testDevice("racer"),
              content: { choice_ids: [seg.choiceIds[0]] },
            }).then((
              r,
            ) => r.json()),
        ),
      );
      assert.equal(answers.filter((a) => a.task_id).length, 1);
      assert.equal(answers.filter((a) => a.alreadyReceived).length, 19);
      assert.equal(await votes(seg.id), 1);
      const [{ n }] = await ctx.sql`select count(*)::int as n from messages where segment_id = ${seg.id}`;
      assert.equal(n, 1);
    });

    await t.step("limit_1_vote off accepts several votes of a device", async () => {
      const seg = await randomSegment(ctx.sql, channelId, { limit_1_vote: false }, ["A", "B"]);
      for (let i = 0; i < 2; i++) {
        const res = await send({
          segment: seg.id,
          device_id: testDevice("d"),
          content: { choice_ids: [seg.choiceIds[0]] },
        });
        assert.ok((await res.json()).task_id);
      }
      assert.equal(await votes(seg.id), 2);
      const [{ p }] = await ctx
        .sql`select sum(participants)::int as p from segment_counts where segment_id = ${seg.id}`;
      assert.equal(p, 1);
    });

    await t.step("participants count each app user and each device once", async () => {
      const seg = await randomSegment(ctx.sql, channelId, { limit_1_vote: false }, ["A", "B"]);
      const user = await randomAppUser(ctx);
      for (const [device, token] of [["x1", user.token], ["x2", user.token], ["x3", undefined]] as const) {
        const res = await send(
          {
            segment: seg.id,
            device_id: testDevice(device),
            author_app_user_id: token ? user.id : null,
            content: { choice_ids: [seg.choiceIds[1]] },
          },
          token,
        );
        assert.equal(res.status, 200);
      }
      const [counts] = await ctx.sql`select sum(messages)::int as m, sum(participants)::int as p
        from segment_counts where segment_id = ${seg.id}`;
      assert.deepEqual({ ...counts }, { m: 3, p: 2 });
      assert.equal(await votes(seg.id), 3);
    });

    await t.step("multiple choice counts each picked choice", async () => {
      const seg = await randomSegment(ctx.sql, channelId, { type: "multiple_choice_question" }, [
        "A",
        "B",
        "C",
      ]);
      const res = await send({
        segment: seg.id,
        device_id: testDevice("m"),
        content: { choice_ids: [seg.choiceIds[0], seg.choiceIds[2]] },
      });
      assert.equal(res.status, 200);
      const rows = await ctx.sql`select choice_id::int as c, sum(count)::int as n from vote_counts
        where segment_id = ${seg.id} group by choice_id order by choice_id`;
      assert.deepEqual(rows.map((r) => [r.c, r.n]), [[seg.choiceIds[0], 1], [seg.choiceIds[2], 1]]);
    });

    await t.step("a limited vote without device or user needs a device id", async () => {
      const res = await send({ segment: vote.id, content: { choice_ids: [vote.choiceIds[0]] } });
      assert.equal(res.status, 400);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      assert.equal((await res.json()).code, "device_required");
    });
  },
});

Deno.test({
  name: "POST interactions - the rules of the spec give their errors",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const check = async (
      body: Record<string, unknown>,
      status: number,
      code: string,
      token?: string,
      lang = "en",
    ) => {
      const res = await ctx.request("/api/v1/interactions?lang=" + lang, {
        method: "POST",
        json: { channel_id: channelId, device_id: testDevice(crypto.randomUUID()), ...body },
        token,
      });
      assert.equal(res.status, status);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      const json = await res.json();
      assert.equal(json.code, code);
      return json;
    };
    await t.step("unknown segment or another channel's is 404", async () => {
      await check({ segment: 999999, content: {} }, 404, "not_found");
      const other = await randomSegment(ctx.sql, await randomChannel(ctx.sql), {}, ["A"]);
      await check({ segment: other.id, content: { choice_ids: [other.choiceIds[0]] } }, 404, "not_found");
    });
    await t.step("draft, future and ended segments are unavailable (410)", async () => {
      for (
        const over of [
          { status: "draft" },
          { start_date: new Date(Date.now() + 3600_000) },
          { end_date: new Date(Date.now() - 1000), start_date: new Date(Date.now() - 7200_000) },
        ]
      ) {
        const seg = await randomSegment(ctx.sql, channelId, over, ["A"]);
        const body = await check(
          { segment: seg.id, content: { choice_ids: [seg.choiceIds[0]] } },
          410,
          "segment_unavailable",
        );
        assert.equal(body.message, "Sorry this interaction is no longer available.");
      }
    });
    await t.step("choices must belong to the segment, one at least", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {}, ["A"]);
      await check({ segment: seg.id, content: { choice_ids: [] } }, 400, "choice_required");
      await check(
        { segment: seg.id, content: { choice_ids: [seg.choiceIds[0] + 1000] } },
        400,
        "choice_unknown",
      );
    });
    await t.step("text not empty, sms at most 160, message at most the channel length", async () => {
      const msg = await randomSegment(ctx.sql, channelId, { type: "message", limit_1_vote: false });
      await check({ segment: msg.id, content: { text: "  " } }, 400, "text_empty");
      await check({ segment: msg.id, content: { text: "a".repeat(251) } }, 400, "text_too_long");
      const ok = await send({ segment: msg.id, content: { text: "a".repeat(250) } });
      assert.equal(ok.status, 200);
      const sms = await randomSegment(ctx.sql, channelId, { type: "sms", limit_1_vote: false });
      const body = await check({ segment: sms.id, content: { text: "a".repeat(161) } }, 400, "text_too_long");
      assert.match(body.message, /160/);
      await ctx.sql`update channels set segment_customisation = ${
        ctx.sql.json({ character_text_zone_length: 10 })
      } where id = ${channelId}`;
      await check({ segment: msg.id, content: { text: "a".repeat(11) } }, 400, "text_too_long");
      await ctx.sql`update channels set segment_customisation = ${
        ctx.sql.json({ character_text_zone_length: 250 })
      } where id = ${channelId}`;
    });
    await t.step("an empty mandatory field: Missing required {field} field", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {
        type: "message",
        gather_information: true,
        information_to_gather: {
          first_name: { active: true, mandatory: true },
          city: { active: true, mandatory: false },
        },
      });
      const body = await check(
        { segment: seg.id, content: { text: "hi" }, extra_user_information: { city: "Nice" } },
        400,
        "missing_field",
      );
      assert.equal(body.message, "Missing required first_name field");
      const ok = await send({
        segment: seg.id,
        device_id: testDevice("x"),
        content: { text: "hi" },
        extra_user_information: { first_name: "Ana" },
      });
      assert.equal(ok.status, 200);
      const [row] = await ctx.sql`select author_name, extra_user_information from messages where id = ${
        (await ok.json()).id
      }`;
      assert.equal(row.author_name, "Ana");
      assert.deepEqual(row.extra_user_information, { first_name: "Ana" });
    });
    await t.step("consents the segment requires", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {
        is_gdpr_consent: true,
        is_image_right_consent: true,
      }, ["A"]);
      const content = { choice_ids: [seg.choiceIds[0]] };
      await check({ segment: seg.id, content }, 400, "missing_consent_gdpr");
      const body = await check(
        { segment: seg.id, content, consent_gdpr: true },
        400,
        "missing_consent_image",
      );
      assert.equal(body.message, "Missing consent for sending image");
      const ok = await send({
        segment: seg.id,
        device_id: testDevice("c"),
        content,
        consent_gdpr: true,
        consent_image_right: true,
      });
      assert.equal(ok.status, 200);
    });
    await t.step("registration_required needs a registered, non-anonymous app user", async () => {
      const seg = await randomSegment(ctx.sql, channelId, { registration_required: true }, ["A"]);
      const content = { choice_ids: [seg.choiceIds[0]] };
      await check({ segment: seg.id, content }, 403, "registration_required");
      const anonymous = await randomAppUser(ctx, { is_anonymous: true });
      await check({ segment: seg.id, content }, 403, "registration_required", anonymous.token);
      const user = await randomAppUser(ctx, { email: "reg@example.com" });
      const ok = await send({ segment: seg.id, content, author_app_user_id: user.id }, user.token);
      assert.equal(ok.status, 200);
      const [row] = await ctx.sql`select author_name, author_city from messages where id = ${
        (await ok.json()).id
      }`;
      assert.equal(row.author_city, "Lyon");
    });
    await t.step("author_app_user_id must be the token's user", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {}, ["A"]);
      const user = await randomAppUser(ctx);
      await check(
        { segment: seg.id, author_app_user_id: user.id + 1, content: { choice_ids: [seg.choiceIds[0]] } },
        403,
        "author_mismatch",
        user.token,
      );
      await check(
        { segment: seg.id, author_app_user_id: user.id, content: { choice_ids: [seg.choiceIds[0]] } },
        403,
        "author_mismatch",
      );
      const staff = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, 1, "staff");
      await check(
        { segment: seg.id, author_app_user_id: user.id, content: { choice_ids: [seg.choiceIds[0]] } },
        403,
        "author_mismatch",
        staff,
      );
    });
    await t.step("voice segments take no body participation; written answers only when enabled", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {
        type: "recording_question",
        limit_1_vote: false,
      });
      await check({ segment: seg.id, content: { text: "hello" } }, 422, "participation_wrong_type");
      await ctx.sql`update segments set enable_written_answer = true where id = ${seg.id}`;
      const ok = await send({ segment: seg.id, content: { text: "hello" } });
      assert.equal(ok.status, 200);
    });
    await t.step("a registration game stores only the user data", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {
        type: "game",
        game_type: "registration",
        gather_information: true,
        information_to_gather: {
          first_name: { active: true, mandatory: true },
          phone: { active: true, mandatory: true },
        },
        is_gdpr_consent: true,
      });
      await check(
        {
          segment: seg.id,
          only_user_data: true,
          consent_gdpr: true,
          extra_user_information: { first_name: "Ana" },
        },
        400,
        "missing_field",
      );
      const res = await send({
        segment: seg.id,
        device_id: testDevice("g"),
        only_user_data: true,
        consent_gdpr: true,
        extra_user_information: { first_name: "Ana", phone: "+33 612 345678" },
      });
      assert.equal(res.status, 200);
      const body = await res.json();
      const task = await waitTask(ctx, body.task_id);
      assert.equal(task.status, "SUCCESS");
      assert.equal(task.result.results, undefined);
      const [row] = await ctx
        .sql`select only_user_data, consent_gdpr, type from messages where id = ${body.id}`;
      assert.deepEqual({ ...row }, { only_user_data: true, consent_gdpr: true, type: "game" });
    });
    await t.step("a testimonial after a vote is accepted from the same device", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {
        testimonial_demanded: true,
        testimonial_format: "text",
      }, ["A"]);
      await send({
        segment: seg.id,
        device_id: testDevice("t"),
        content: { choice_ids: [seg.choiceIds[0]] },
      });
      const res = await send({ segment: seg.id, device_id: testDevice("t"), content: { text: "because" } });
      assert.ok((await res.json()).task_id);
      const [row] = await ctx
        .sql`select is_testimonial, limited from messages where segment_id = ${seg.id} and text = 'because'`;
      assert.deepEqual({ ...row }, { is_testimonial: true, limited: false });
    });
    await t.step("bad bodies are 400 with fields", async () => {
      const res = await ctx.request("/api/v1/interactions", { method: "POST", json: { segment: "x" } });
      assert.equal(res.status, 400);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      const body = await res.json();
      assert.equal(body.code, "validation");
      assert.ok(body.fields.segment && body.fields.channel_id);
    });
  },
});

Deno.test({
  name: "GET tasks/{id} and vote-results",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step("an unknown task is 404", async () => {
      for (const id of [crypto.randomUUID(), "nope"]) {
        const res = await ctx.request(`/api/v1/tasks/${id}`);
        assert.equal(res.status, 404);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        assert.equal((await res.json()).code, "not_found");
      }
    });
    await t.step("a participation's task is signed: another id or a changed signature is 404", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {}, ["A", "B"]);
      const jobsBefore = await participationJobs();
      const body = await (await send({
        segment: seg.id,
        device_id: testDevice("sig"),
        content: { choice_ids: [seg.choiceIds[0]] },
      }))
        .json();
      assert.match(body.task_id, /^m\d+-[0-9a-f]{32}$/);
      // nothing runs in the background for a vote: no job is queued, the task is done at once
      assert.equal(await participationJobs(), jobsBefore);
      const done = await ctx.request(`/api/v1/tasks/${body.task_id}`);
      assert.equal(done.status, 200);
      assert.match(done.headers.get("content-type")!, /application\/json/);
      const task = await done.json();
      assert.deepEqual([task.task_id, task.status, task.result.id], [body.task_id, "SUCCESS", body.id]);
      const signature = body.task_id.split("-")[1];
      const flipped = signature.slice(0, -1) + (signature.endsWith("0") ? "1" : "0");
      for (
        const id of [
          `m${body.id}-${flipped}`,
          `m${body.id - 1}-${signature}`,
          `m${body.id}-`,
          `m0-${signature}`,
        ]
      ) {
        const res = await ctx.request(`/api/v1/tasks/${id}`);
        assert.equal(res.status, 404, id);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        assert.equal((await res.json()).code, "not_found");
      }
      // a participation deleted since: its task is gone too
      await ctx.sql`delete from messages where id = ${body.id}`;
      assert.equal((await ctx.request(`/api/v1/tasks/${body.task_id}`)).status, 404);
    });
    const seg = await randomSegment(ctx.sql, channelId, {}, ["A", "B", "C"]);
    for (const [i, choice] of [0, 0, 1].entries()) {
      await send({
        segment: seg.id,
        device_id: testDevice(`r${i}`),
        content: { choice_ids: [seg.choiceIds[choice]] },
      });
    }
    await t.step("public rows: id, index, label, count, percentage", async () => {
      const res = await ctx.request(`/api/v1/show_segments/${seg.id}/vote-results`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      assert.deepEqual(await res.json(), [
        { id: seg.choiceIds[0], index: 1, label: "A", count: 2, percentage: 67 },
        { id: seg.choiceIds[1], index: 2, label: "B", count: 1, percentage: 33 },
        { id: seg.choiceIds[2], index: 3, label: "C", count: 0, percentage: 0 },
      ]);
    });
    await t.step("a vote is in the next read: the results kept in memory are dropped at once", async () => {
      const counts = async () => {
        const res = await ctx.request(`/api/v1/show_segments/${seg.id}/vote-results`);
        return ((await res.json()) as { count: number }[]).map((r) => r.count);
      };
      assert.deepEqual(await counts(), [2, 1, 0]);
      await send({
        segment: seg.id,
        device_id: testDevice("r9"),
        content: { choice_ids: [seg.choiceIds[2]] },
      });
      assert.deepEqual(await counts(), [2, 1, 1]);
      // any change this instance announces on the bus (an edit, a review of votes) is read at once too
      await ctx.sql`insert into vote_counts (segment_id, choice_id, shard, count)
        values (${seg.id}, ${seg.choiceIds[0]}, 999, 5)`;
      await segmentChanged(busOf(ctx.deps), seg.id);
      assert.deepEqual(await counts(), [7, 1, 1]);
      await ctx.sql`delete from vote_counts where choice_id = ${seg.choiceIds[0]} and shard = 999`;
      await segmentChanged(busOf(ctx.deps), seg.id);
      assert.deepEqual(await counts(), [2, 1, 1]);
    });
    await t.step(
      "show_results off: 403 for the public, 200 for the channel's staff, 404 unknown",
      async () => {
        await ctx.sql`update segments set show_results = false where id = ${seg.id}`;
        // what the edit route publishes after its update: the public results read forgets the segment
        await segmentChanged(busOf(ctx.deps), seg.id);
        const res = await ctx.request(`/api/v1/show_segments/${seg.id}/vote-results`);
        assert.equal(res.status, 403);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        assert.equal((await res.json()).code, "forbidden");
        const [staff] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
        values ('op', 'op@example.com', 'operator', ${channelId}) returning id::int as id`;
        const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
        const ok = await ctx.request(`/api/v1/show_segments/${seg.id}/vote-results`, { token });
        assert.equal(ok.status, 200);
        assert.equal((await ok.json()).length, 3);
        const missing = await ctx.request(`/api/v1/show_segments/999999/vote-results`);
        assert.equal(missing.status, 404);
      },
    );
  },
});

Deno.test({
  name: "GET interactions/{id} and the API document",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const seg = await randomSegment(ctx.sql, channelId, { type: "message", limit_1_vote: false });
    const sent = await (await send({ segment: seg.id, content: { text: "Shared words" } })).json();
    await t.step("the author gets a share token; unshared, nobody reads it, by token or by id", async () => {
      assert.match(sent.share_token, /^[0-9a-f-]{36}$/);
      assert.equal((await ctx.request(`/api/v1/interactions/${sent.share_token}`)).status, 404);
      assert.equal((await ctx.request(`/api/v1/interactions/${sent.id}`)).status, 404);
    });
    await t.step(
      "shared by its author, it is read by its token only (an old numeric link is a 404)",
      async () => {
        const shared = await ctx.request(`/api/v1/interactions/${sent.share_token}/share`, {
          method: "POST",
        });
        assert.equal(shared.status, 200);
        const link = await shared.json();
        assert.match(link.url, new RegExp(`/widgets/channel/${channelId}/\\?s=${sent.share_token}$`));
        const res = await ctx.request(`/api/v1/interactions/${sent.share_token}`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        const body = await res.json();
        assert.equal(body.content.text, "Shared words");
        assert.equal(body.segment_id, seg.id);
        assert.equal(body.id, undefined);
        assert.equal((await ctx.request(`/api/v1/interactions/${sent.id}`)).status, 404);
      },
    );
    await t.step("staff of the channel still read it by id", async () => {
      const [staff] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
        values ('reader', 'reader@example.com', 'operator', ${channelId}) returning id::int as id`;
      const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
      const res = await ctx.request(`/api/v1/interactions/${sent.id}`, { token });
      assert.equal(res.status, 200);
      assert.equal((await res.json()).content.text, "Shared words");
    });
    await t.step("one waiting for moderation or trashed is not", async () => {
      const url = `/api/v1/interactions/${sent.share_token}`;
      await ctx.sql`update messages set moderation = 'pending' where id = ${sent.id}`;
      assert.equal((await ctx.request(url)).status, 404);
      await ctx.sql`update messages set moderation = 'approved', status = 'trash' where id = ${sent.id}`;
      assert.equal((await ctx.request(url)).status, 404);
      assert.equal((await ctx.request(`/api/v1/interactions/999999`)).status, 404);
      assert.equal((await ctx.request(`/api/v1/interactions/${crypto.randomUUID()}`)).status, 404);
      const unknown = await ctx.request(`/api/v1/interactions/${crypto.randomUUID()}/share`, {
        method: "POST",
      });
      assert.equal(unknown.status, 404);
    });
    await t.step("the calls are documented in /api/openapi.json", async () => {
      const doc = await (await ctx.request("/api/openapi.json")).json();
      for (
        const path of [
          "/api/v1/interactions",
          "/api/v1/tasks/{id}",
          "/api/v1/upload",
          "/api/v1/show_segments/{id}/vote-results",
        ]
      ) {
        assert.ok(doc.paths[path], path);
      }
      assert.ok(doc.paths["/api/v1/interactions"].post && doc.paths["/api/v1/interactions"].put);
    });
  },
});

Deno.test({
  name: "participation - teardown",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await drainJobs(ctx);
    await ctx.close();
  },
});
