// The cloud transfer over SFTP (a real sshd started here) and to an S3-compatible bucket (a real
// s3rver): settings through the channel API (secrets sealed, never returned), the broadcast copy delivered
// with its format's extension, and failures told as a delivery error (recorded, never a 500).
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { hasSshd, startSftp } from "../_sftp.ts";
import { startS3 } from "../_s3.ts";
import { spokenWav } from "../_audio.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { processMedia } from "../../lib/media/processing.ts";
import { DELIVERY_SWEEP_MS, enqueueAcceptedDeliveries } from "../../lib/delivery/jobs.ts";
import { QUEUES } from "../../lib/platform/jobs.ts";

Deno.test({
  name: "delivery - the broadcast copy reaches a real SFTP server and an S3 bucket, secrets never returned",
  ignore: !hasSshd,
  async fn(t) {
    const ctx = await testApp({ jobs: true });
    const sftp = await startSftp();
    const s3 = await startS3();
    const dir = await Deno.makeTempDir({ prefix: "im-deliver-" });
    try {
      await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
      const idOf = async (login: string) =>
        (await ctx.sql<{ id: number }[]>`select id from users where login = ${login}`)[0].id;
      const admin = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, await idOf("admin"), "staff");
      const op = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, await idOf("operator"), "staff");
      const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
      const [message] = await ctx.sql<{ id: number; segment_id: number }[]>`
        select id, segment_id from messages where channel_id = ${radio} and status = 'received'
          and moderation in ('none', 'approved') order by id limit 1`;
      const put = (json: Record<string, unknown>) =>
        ctx.request(`/api/v1/channels/${radio}?lang=en`, { token: admin, method: "PUT", json });
      const send = () =>
        ctx.request(`/api/v1/interaction/${message.id}/ftp?lang=en`, { method: "POST", token: op });

      // a voice processed by the worker's code into a WAV 24-bit broadcast copy
      assert.equal((await put({ audio_format: "wav_24", ftp_naming: "{channel}_{id}" })).status, 200);
      const wav = await spokenWav(dir, "voice", 0);
      await ctx.deps.storage.put("participations/deliver.wav", await Deno.readFile(wav), "audio/wav");
      const [media] = await ctx.sql<{ id: string }[]>`
        insert into media (channel_id, kind, original_path, extension, content_type, status)
        values (${radio}, 'audio', 'participations/deliver.wav', 'wav', 'audio/wav', 'uploaded') returning id`;
      await ctx.sql`update messages set media_id = ${media.id} where id = ${message.id}`;
      await processMedia({ sql: ctx.sql, storage: ctx.deps.storage }, media.id);
      const [{ broadcast_path }] = await ctx.sql<{ broadcast_path: string }[]>`
        select broadcast_path from media where id = ${media.id}`;
      assert.match(broadcast_path, /\.wav$/);
      const copy = new Uint8Array(
        await new Response(await ctx.deps.storage.get(broadcast_path)).arrayBuffer(),
      );
      const name = `${radio}_${message.id}.wav`;

      await t.step(
        "SFTP with a private key: the channel keeps it sealed and says only that one is set",
        async () => {
          const res = await put({
            delivery_protocol: "sftp",
            ftp_host: "127.0.0.1",
            ftp_port: sftp.port,
            ftp_user: sftp.user,
            ftp_password: null,
            sftp_private_key: sftp.privateKey,
            ftp_folder: `${sftp.root}/air`,
          });
          assert.equal(res.status, 200, await res.clone().text());
          const view = await (await ctx.request(`/api/v1/channels/${radio}`, { token: admin })).json();
          assert.equal(view.delivery_protocol, "sftp");
          assert.equal(view.sftp_private_key_set, true);
          const text = JSON.stringify(view);
          assert.ok(
            !text.includes("PRIVATE KEY") && !("sftp_private_key_enc" in view),
            "the key never leaves",
          );
          const [row] = await ctx.sql<{ enc: string }[]>`
          select sftp_private_key_enc as enc from channels where id = ${radio}`;
          assert.ok(row.enc && !row.enc.includes("PRIVATE KEY"), "stored encrypted");
        },
      );

      await t.step("SFTP: the broadcast copy arrives under the naming pattern, .wav", async () => {
        const res = await send();
        assert.equal(res.status, 200, await res.clone().text());
        const body = await res.json();
        assert.equal(body.remote_path, `/${sftp.root}/air/${name}`);
        assert.deepEqual(await Deno.readFile(`/${sftp.root}/air/${name}`), copy);
        // written beside and renamed: no half file left
        assert.deepEqual([...Deno.readDirSync(`/${sftp.root}/air`)].map((e) => e.name), [name]);
        // sent again, it replaces the file
        assert.equal((await send()).status, 200);
        assert.deepEqual([...Deno.readDirSync(`/${sftp.root}/air`)].map((e) => e.name), [name]);
      });

      await t.step("SFTP refused (a key the server does not know): a delivery error, recorded", async () => {
        const other = await new Deno.Command("ssh-keygen", {
          args: ["-q", "-t", "rsa", "-b", "2048", "-m", "PEM", "-N", "", "-f", `${dir}/stranger`],
        }).output();
        assert.ok(other.success);
        await put({ sftp_private_key: await Deno.readTextFile(`${dir}/stranger`) });
        const res = await send();
        assert.equal(res.status, 502, await res.clone().text());
        const body = await res.json();
        assert.equal(body.code, "delivery_failed");
        const [row] = await ctx.sql<{ status: string }[]>`
          select status from deliveries where message_id = ${message.id} order by id desc limit 1`;
        assert.equal(row.status, "failed");
      });

      await t.step("S3: the broadcast copy lands in the bucket under the folder as key prefix", async () => {
        const res = await put({
          delivery_protocol: "s3",
          ftp_host: "127.0.0.1",
          ftp_port: s3.port,
          ftp_secure: false,
          ftp_user: s3.accessKeyId,
          ftp_password: s3.secretAccessKey,
          sftp_private_key: null,
          s3_bucket: s3.bucket,
          s3_region: "eu-west-3",
          ftp_folder: "morning/voices",
        });
        assert.equal(res.status, 200, await res.clone().text());
        const view = await (await ctx.request(`/api/v1/channels/${radio}`, { token: admin })).json();
        assert.equal(view.ftp_password_set, true);
        assert.equal(view.sftp_private_key_set, false);
        assert.ok(!("ftp_password" in view) && !("ftp_password_enc" in view), "the secret never leaves");
        const sent = await send();
        assert.equal(sent.status, 200, await sent.clone().text());
        assert.equal((await sent.json()).remote_path, `s3://${s3.bucket}/morning/voices/${name}`);
        assert.deepEqual(await s3.get(`morning/voices/${name}`), copy);
      });

      await t.step(
        "automatic: a new accepted voice message of an ftpclassic interaction lands in the bucket",
        async () => {
          const [next] = await ctx.sql<{ id: number; segment_id: number }[]>`
          select id::int as id, segment_id::int as segment_id from messages where channel_id = ${radio}
            and status = 'received' and moderation in ('none', 'approved') and id <> ${message.id}
          order by id desc limit 1`;
          const [ready] = await ctx.sql<{ id: string }[]>`
          insert into media (channel_id, kind, original_path, broadcast_path, status, content_type)
          values (${radio}, 'audio', 'participations/deliver.wav', ${broadcast_path}, 'ready', 'audio/wav')
          returning id`;
          await ctx.sql`update segments set delivery_option = 'ftpclassic' where id = ${next.segment_id}`;
          await ctx.sql`update messages set created_at = now(), media_id = ${ready.id} where id = ${next.id}`;
          assert.ok(await enqueueAcceptedDeliveries(ctx.deps) >= 1);
          const key = `morning/voices/${radio}_${next.id}.wav`;
          const until = Date.now() + 30_000;
          while (!(await s3.get(key)) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
          assert.deepEqual(await s3.get(key), copy);
          assert.equal(await enqueueAcceptedDeliveries(ctx.deps, [next.id]), 0, "sent once");
          await ctx.sql`update segments set delivery_option = 'none' where id = ${next.segment_id}`;
        },
      );

      await t.step(
        "automatic, at once: processed by the worker, the voice is sent without waiting for the sweep",
        async () => {
          const [next] = await ctx.sql<{ id: number; segment_id: number }[]>`
          select id::int as id, segment_id::int as segment_id from messages where channel_id = ${radio}
            and status = 'received' and moderation in ('none', 'approved') and id <> ${message.id}
            and media_id is null
          order by id desc limit 1`;
          await ctx.deps.storage.put("participations/deliver-now.wav", await Deno.readFile(wav), "audio/wav");
          const [uploaded] = await ctx.sql<{ id: string }[]>`
          insert into media (channel_id, kind, original_path, extension, content_type, status)
          values (${radio}, 'audio', 'participations/deliver-now.wav', 'wav', 'audio/wav', 'uploaded') returning id`;
          await ctx.sql`update segments set delivery_option = 'ftpclassic' where id = ${next.segment_id}`;
          await ctx
            .sql`update messages set created_at = now(), media_id = ${uploaded.id} where id = ${next.id}`;
          const started = Date.now();
          await ctx.deps.boss!.send(QUEUES.media, { mediaId: uploaded.id });
          const key = `morning/voices/${radio}_${next.id}.wav`;
          while (!(await s3.get(key)) && Date.now() - started < DELIVERY_SWEEP_MS / 2) {
            await new Promise((r) => setTimeout(r, 100));
          }
          const ms = Date.now() - started;
          console.log(
            `processed and delivered to the bucket in ${ms} ms (sweep every ${DELIVERY_SWEEP_MS} ms)`,
          );
          assert.ok(await s3.get(key), "delivered before any sweep");
          await ctx.sql`update segments set delivery_option = 'none' where id = ${next.segment_id}`;
        },
      );

      await t.step(
        "S3 without such a bucket, or no server there: a delivery error, nothing written",
        async () => {
          await put({ s3_bucket: "no-such-bucket" });
          const wrong = await send();
          assert.equal(wrong.status, 502, await wrong.clone().text());
          assert.equal((await wrong.json()).code, "delivery_failed");
          const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
          const closed = (probe.addr as Deno.NetAddr).port;
          probe.close();
          await put({ s3_bucket: s3.bucket, ftp_port: closed });
          assert.equal((await send()).status, 502);
          assert.ok(!(await s3.keys()).some((k) => k.includes("no-such")));
        },
      );

      await t.step("bad settings are refused with their field: protocol, bucket, key", async () => {
        for (
          const [json, field] of [
            [{ delivery_protocol: "gopher" }, "delivery_protocol"],
            [{ s3_bucket: "Bad_Bucket!" }, "s3_bucket"],
            [{ sftp_private_key: "hello" }, "sftp_private_key"],
          ] as const
        ) {
          const res = await put(json);
          assert.equal(res.status, 400, JSON.stringify(json));
          const body = await res.json();
          assert.ok(body.fields?.[field], JSON.stringify(body));
        }
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
      await s3.close();
      await sftp.close();
      await ctx.close();
    }
  },
});
