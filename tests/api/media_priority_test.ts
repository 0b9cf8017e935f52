// The media job of a voice the studio gets without a click (an interaction with automatic delivery
// of every accepted message) is queued with a higher priority, so a worker takes it before the others
// waiting; on an interaction that sends only what staff mark for air, marking a message whose media still
// waits raises its job the same way. The queue here has no worker: the jobs wait, as behind a busy one.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { makeMedia, randomSegment, testDevice, tusUpload } from "./_participation.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { QUEUES, startBoss } from "../../lib/platform/jobs.ts";
import { MEDIA_JOB_PRIORITY_AIR } from "../../lib/rules/constants.ts";

Deno.test({
  name: "media job priority - voices sent to the studio automatically, or marked for air, go first",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp();
    ctx.deps.boss = await startBoss(ctx.sql); // closed by ctx.close()
    const boss = ctx.deps.boss;
    try {
      await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
      const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
      const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
      const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
      const voiceSegment = (over: Record<string, unknown>) =>
        randomSegment(ctx.sql, radio, { type: "recording_question", limit_1_vote: false, ...over });
      const plain = await voiceSegment({});
      const automatic = await voiceSegment({ delivery_option: "ftpclassic" });
      const onAir = await voiceSegment({ delivery_option: "netia", delivery_trigger: "air" });
      const moderated = await voiceSegment({ delivery_option: "ftpclassic", requires_approval: true });
      const bytes = await makeMedia("webm-audio", 1);

      /** A listener's voice, sent as the widget does; returns the message and its media job. */
      const send = async (segmentId: number, device: string) => {
        const slot = await ctx.request("/api/v1/upload", {
          method: "POST",
          json: { extension: "webm", kind: "audio" },
        });
        assert.equal(slot.status, 201);
        const { data_id } = await slot.json();
        assert.equal((await tusUpload(ctx, data_id, bytes)).status, 204);
        const params = new URLSearchParams({
          channel_id: String(radio),
          segment: String(segmentId),
          device_id: testDevice(device),
          data_id,
          extension: "webm",
        });
        const res = await ctx.request(`/api/v1/interactions?lang=en&${params}`, {
          method: "PUT",
          headers: { "content-disposition": 'attachment; filename="v.webm"', "content-type": "audio/webm" },
        });
        assert.equal(res.status, 200, await res.clone().text());
        const body = await res.json();
        return { id: body.id as number, job: body.task_id as string };
      };
      const priorityOf = async (job: string) =>
        (await ctx.sql<{ priority: number }[]>`select priority from pgboss.job where id = ${job}`)[0]
          .priority;

      await t.step("sent automatically: queued above the voices sent earlier, taken first", async () => {
        const first = await send(plain.id, "p1");
        const held = await send(moderated.id, "m1");
        const studio = await send(automatic.id, "a1");
        assert.equal(await priorityOf(first.job), 0);
        assert.equal(await priorityOf(held.job), 0, "awaiting moderation: not sent yet");
        assert.equal(await priorityOf(studio.job), MEDIA_JOB_PRIORITY_AIR);
        const [next] = await boss.fetch<{ mediaId: string }>(QUEUES.media);
        assert.equal(next.id, studio.job, "the worker takes the studio's voice first");
        const [then] = await boss.fetch<{ mediaId: string }>(QUEUES.media);
        assert.equal(then.id, first.job, "then the others in their order");
      });

      await t.step("approved while its media waits: its job goes first", async () => {
        const [held] = await ctx.sql<{ job: string; id: number }[]>`
          select j.id::text as job, m.id::int as id from pgboss.job j
          join messages m on j.data->>'mediaId' = m.media_id::text
          where j.name = 'media' and j.state = 'created' and m.segment_id = ${moderated.id}`;
        const res = await ctx.request("/api/v1/moderation", {
          token,
          method: "POST",
          json: { ids: [held.id], decision: "approve" },
        });
        assert.equal(res.status, 200, await res.clone().text());
        assert.equal(await priorityOf(held.job), MEDIA_JOB_PRIORITY_AIR);
      });

      await t.step("only what staff mark for air: raised when marked, not before", async () => {
        const voice = await send(onAir.id, "air1");
        const other = await send(plain.id, "p2");
        assert.equal(await priorityOf(voice.job), 0);
        for (const message of [voice, other]) {
          const res = await ctx.request(`/api/v1/interaction/${message.id}/action`, {
            token,
            method: "POST",
            json: { key: "broadcast" },
          });
          assert.equal(res.status, 200, await res.clone().text());
        }
        assert.equal(await priorityOf(voice.job), MEDIA_JOB_PRIORITY_AIR);
        assert.equal(await priorityOf(other.job), 0, "marked, but its interaction sends nothing by itself");
      });
    } finally {
      await ctx.close();
    }
  },
});
