// Automatic delivery of only the messages staff mark for air (delivery_trigger 'air'): an accepted
// voice stays off the studio's FTP server until staff flag it as broadcast or put it in the playout queue,
// then the worker sends it without a click, once.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { startFtp } from "../_ftp.ts";
import { spokenWav } from "../_audio.ts";
import { drainJobs } from "./_participation.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import { processMedia } from "../../lib/media/processing.ts";
import { enqueueAcceptedDeliveries } from "../../lib/delivery/jobs.ts";

Deno.test({
  name: "delivery trigger - on 'air', only the messages staff mark for air reach the FTP server, once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp({ jobs: true });
    const ftp = await startFtp();
    const dir = await Deno.makeTempDir({ prefix: "im-trigger-" });
    try {
      await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
      const idOf = async (login: string) =>
        (await ctx.sql<{ id: number }[]>`select id from users where login = ${login}`)[0].id;
      const admin = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, await idOf("admin"), "staff");
      const op = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, await idOf("operator"), "staff");
      const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
      await ctx
        .sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
        ftp_password_enc = ${await encryptSecret(ctx.deps.jwtSecret, ftp.password)}, ftp_folder = 'air',
        ftp_naming = '{id}', delivery_protocol = 'ftp', audio_format = 'mp3_192' where id = ${radio}`;
      const [segment] = await ctx.sql<{ id: number }[]>`
        select segment_id::int as id from messages where channel_id = ${radio} and status = 'received'
          and moderation in ('none', 'approved') group by segment_id order by count(*) desc limit 1`;
      const messages = (await ctx.sql<{ id: number }[]>`
        select id::int from messages where segment_id = ${segment.id} and status = 'received'
          and moderation in ('none', 'approved') and broadcast_status = 'none'
          and not exists (select 1 from playout_queue q where q.message_id = messages.id)
        order by id limit 3`).map((m) => m.id);
      assert.equal(messages.length, 3);
      // three accepted voices, processed by the worker's code
      const wav = await Deno.readFile(await spokenWav(dir, "voice", 0));
      for (const [i, id] of messages.entries()) {
        const key = `participations/trigger-${i}.wav`;
        await ctx.deps.storage.put(key, wav, "audio/wav");
        const [media] = await ctx.sql<{ id: string }[]>`
          insert into media (channel_id, kind, original_path, extension, content_type, status)
          values (${radio}, 'audio', ${key}, 'wav', 'audio/wav', 'uploaded') returning id`;
        await ctx.sql`update messages set created_at = now(), media_id = ${media.id} where id = ${id}`;
        await processMedia({ sql: ctx.sql, storage: ctx.deps.storage }, media.id);
      }
      const file = (id: number) => `${ftp.root}/air/${id}.mp3`;
      const exists = (id: number) => Deno.stat(file(id)).then(() => true, () => false);
      const delivered = async (id: number) => {
        const until = Date.now() + 30_000;
        while (Date.now() < until) {
          const [row] = await ctx.sql<{ status: string }[]>`
            select status from deliveries where message_id = ${id} and status <> 'running'`;
          if (row) return row.status === "success" && await exists(id);
          await new Promise((r) => setTimeout(r, 100));
        }
        return false;
      };

      await t.step("the interaction form's API keeps the trigger; an unknown one is a 400", async () => {
        const url = `/api/v1/show_segments/${segment.id}?lang=en`;
        const bad = await ctx.request(url, {
          token: admin,
          method: "PUT",
          json: { delivery_option: "ftpclassic", delivery_trigger: "everything" },
        });
        assert.equal(bad.status, 400, await bad.clone().text());
        const res = await ctx.request(url, {
          token: admin,
          method: "PUT",
          json: { delivery_option: "ftpclassic", delivery_trigger: "air" },
        });
        assert.equal(res.status, 200, await res.clone().text());
        const [row] = await ctx.sql`select delivery_option, delivery_trigger from segments
          where id = ${segment.id}`;
        assert.deepEqual({ ...row }, { delivery_option: "ftpclassic", delivery_trigger: "air" });
      });

      await t.step("accepted but not marked for air: the sweep sends nothing", async () => {
        assert.equal(await enqueueAcceptedDeliveries(ctx.deps, messages), 0);
        await enqueueAcceptedDeliveries(ctx.deps);
        await drainJobs(ctx);
        for (const id of messages) assert.equal(await exists(id), false);
      });

      await t.step("flagged as broadcast (b in the inbox): sent at once, without a click", async () => {
        const res = await ctx.request(`/api/v1/interaction/${messages[0]}/action`, {
          token: op,
          method: "POST",
          json: { key: "broadcast" },
        });
        assert.equal(res.status, 200, await res.clone().text());
        assert.ok(await delivered(messages[0]), "on the FTP server");
      });

      await t.step("put in the playout queue (t in the inbox): sent at once", async () => {
        const res = await ctx.request(`/api/v1/interaction/${messages[1]}/playout`, {
          token: op,
          method: "PUT",
          json: { queued: true },
        });
        assert.equal(res.status, 200, await res.clone().text());
        assert.ok(await delivered(messages[1]), "on the FTP server");
      });

      await t.step("each is sent once; the unmarked one never", async () => {
        await enqueueAcceptedDeliveries(ctx.deps);
        await drainJobs(ctx);
        const rows = await ctx.sql<{ message_id: number }[]>`
          select message_id::int from deliveries where message_id in ${ctx.sql(messages)}`;
        assert.deepEqual(rows.map((r) => r.message_id).sort(), [messages[0], messages[1]].sort());
        assert.equal(await exists(messages[2]), false);
      });
    } finally {
      await drainJobs(ctx).catch(() => {});
      await ftp.close();
      await ctx.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
