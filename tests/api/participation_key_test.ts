// A media participation sent again after its answer was lost (a phone's network dropped during the final
// PUT interactions): with the same Idempotency-Key it answers the participation stored the first time, with
// the same status and body, and never stores a second one, even when both arrive at once.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import {
  drainJobs,
  makeMedia,
  randomChannel,
  randomSegment,
  testDevice,
  tusUpload,
} from "./_participation.ts";

const ctx = await testApp({ jobs: true });
const channelId = await randomChannel(ctx.sql);

async function uploaded(): Promise<string> {
  const res = await ctx.request("/api/v1/upload", {
    method: "POST",
    json: { extension: "webm", kind: "audio" },
  });
  const { data_id } = await res.json();
  assert.equal((await tusUpload(ctx, data_id, await makeMedia("webm-audio", 1))).status, 204);
  return data_id;
}

function finish(segment: number, dataId: string, device: string, key?: string, replaces?: number) {
  const query = new URLSearchParams({
    channel_id: String(channelId),
    segment: String(segment),
    device_id: device,
    data_id: dataId,
    extension: "webm",
  });
  if (replaces) query.set("update_interaction_id", String(replaces));
  return ctx.request(`/api/v1/interactions?${query}`, {
    method: "PUT",
    headers: { "content-type": "audio/webm", ...(key ? { "idempotency-key": key } : {}) },
  });
}

const count = async (segment: number) =>
  (await ctx.sql<{ n: number }[]>`select count(*)::int as n from messages where segment_id = ${segment}`)[0]
    .n;

Deno.test({
  name: "media participation - the same Idempotency-Key answers the same participation",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      await t.step("sent again after a lost answer: the same status and body, one message", async () => {
        const voice = await randomSegment(ctx.sql, channelId, {
          type: "recording_question",
          limit_1_vote: true,
        });
        const dataId = await uploaded();
        const key = crypto.randomUUID();
        const first = await finish(voice.id, dataId, testDevice(`k1-${voice.id}`), key);
        const again = await finish(voice.id, dataId, testDevice(`k1-${voice.id}`), key);
        assert.equal(first.status, 200);
        assert.equal(again.status, 200);
        assert.match(first.headers.get("content-type")!, /application\/json/);
        const body = await first.json();
        assert.match(body.task_id, /^[0-9a-f-]{36}$/, "the media task");
        assert.deepEqual(await again.json(), body);
        assert.equal(await count(voice.id), 1);
      });

      await t.step("without the key, the spent slot is a conflict, as before", async () => {
        const voice = await randomSegment(ctx.sql, channelId, {
          type: "recording_question",
          limit_1_vote: false,
        });
        const dataId = await uploaded();
        assert.equal((await finish(voice.id, dataId, testDevice(`k2-${voice.id}`))).status, 200);
        const again = await finish(voice.id, dataId, testDevice(`k2-${voice.id}`));
        assert.equal(again.status, 409);
        await again.body?.cancel();
        assert.equal(await count(voice.id), 1);
      });

      await t.step("two at once with the same key: one message, both answered it alike", async () => {
        const voice = await randomSegment(ctx.sql, channelId, {
          type: "recording_question",
          limit_1_vote: false,
        });
        const dataId = await uploaded();
        const key = crypto.randomUUID();
        const device = testDevice(`k3-${voice.id}`);
        const answers = await Promise.all([
          finish(voice.id, dataId, device, key),
          finish(voice.id, dataId, device, key),
        ]);
        assert.deepEqual(answers.map((r) => r.status), [200, 200]);
        const bodies = await Promise.all(answers.map((r) => r.json()));
        assert.deepEqual(bodies[1], bodies[0]);
        assert.equal(await count(voice.id), 1);
        const retry = await finish(voice.id, dataId, device, key);
        assert.equal(retry.status, 200);
        assert.deepEqual(await retry.json(), bodies[0]);
      });

      await t.step(
        "a re-recording sent again after a lost answer: the same answer, the new file kept, one job",
        async () => {
          const voice = await randomSegment(ctx.sql, channelId, {
            type: "recording_question",
            limit_1_vote: false,
          });
          const device = testDevice(`k7-${voice.id}`);
          const sent = await (await finish(voice.id, await uploaded(), device, crypto.randomUUID())).json();
          const newer = await uploaded();
          const key = crypto.randomUUID();
          const first = await finish(voice.id, newer, device, key, sent.id);
          assert.equal(first.status, 200);
          const body = await first.json();
          assert.equal(body.id, sent.id);
          assert.match(body.task_id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
          const again = await finish(voice.id, newer, device, key, sent.id);
          assert.equal(again.status, 200);
          assert.deepEqual(await again.json(), body);
          const [m] = await ctx.sql`select media_id from messages where id = ${sent.id}`;
          assert.equal(m.media_id, newer);
          assert.equal(await count(voice.id), 1);
          const [jobs] = await ctx.sql<{ n: number }[]>`
            select count(*)::int as n from pgboss.job where id = ${body.task_id}::uuid`;
          assert.equal(jobs.n, 1, "the repeat answered the first request's job, it queued none");
          // without the key the spent slot is a conflict, as for a first recording
          const unkeyed = await finish(voice.id, newer, device, undefined, sent.id);
          assert.equal(unkeyed.status, 409);
          await unkeyed.body?.cancel();
          // another device naming the participation and the key learns nothing of it
          const stranger = await finish(voice.id, newer, testDevice(`k8-${voice.id}`), key, sent.id);
          assert.equal(stranger.status, 404);
          await stranger.body?.cancel();
        },
      );

      await t.step("another device sending the same key is refused and learns nothing", async () => {
        const voice = await randomSegment(ctx.sql, channelId, {
          type: "recording_question",
          limit_1_vote: false,
        });
        const key = crypto.randomUUID();
        const first = await finish(voice.id, await uploaded(), testDevice(`k5-${voice.id}`), key);
        assert.equal(first.status, 200);
        const { share_token } = await first.json();
        const other = await finish(voice.id, await uploaded(), testDevice(`k6-${voice.id}`), key);
        assert.equal(other.status, 409);
        assert.match(other.headers.get("content-type")!, /application\/json/);
        const text = await other.text();
        assert.ok(
          share_token && !text.includes(share_token),
          "the first participation's share link stays private",
        );
        assert.equal(await count(voice.id), 1);
      });

      await t.step("the key of another interaction is another participation", async () => {
        const a = await randomSegment(ctx.sql, channelId, {
          type: "recording_question",
          limit_1_vote: false,
        });
        const b = await randomSegment(ctx.sql, channelId, {
          type: "recording_question",
          limit_1_vote: false,
        });
        const key = crypto.randomUUID();
        const first = await finish(a.id, await uploaded(), testDevice(`k4-${a.id}`), key);
        const second = await finish(b.id, await uploaded(), testDevice(`k4-${a.id}`), key);
        assert.equal(first.status, 200);
        assert.equal(second.status, 200);
        assert.notEqual((await first.json()).id, (await second.json()).id);
      });
    } finally {
      await drainJobs(ctx);
      await ctx.close();
    }
  },
});
