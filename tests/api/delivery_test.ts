import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { startFtp } from "../_ftp.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import { enqueueAcceptedDeliveries } from "../../lib/delivery/jobs.ts";

async function jsonOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x77, 0x65, 0x62, 0x6d]);

async function waitFor(check: () => Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out");
}

// The FTP server answers a transfer when its data connection closes and may still be writing the last
// bytes to its disk: a file is read once it has the size that was sent.
async function landed(path: string, sent: Uint8Array): Promise<Uint8Array> {
  await waitFor(() => Deno.stat(path).then((f) => f.size === sent.length, () => false));
  return await Deno.readFile(path);
}

Deno.test("delivery - send to cloud transfer over a real FTP server, alerts, one at a time, netia jobs", async (t) => {
  const ctx = await testApp({ jobs: true });
  const ftp = await startFtp();
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    const [message] = await ctx.sql<{ id: number; segment_id: number }[]>`
      select id, segment_id from messages where channel_id = ${radio} and duration_ms is not null
        and status = 'received' order by id limit 1`;
    const send = (id = message.id) =>
      ctx.request(`/api/v1/interaction/${id}/ftp?lang=en`, { method: "POST", token });
    const attachMedia = async (id: number, withMp3: boolean) => {
      const key = `messages/${radio}/${crypto.randomUUID()}`;
      await ctx.deps.storage.put(`${key}.webm`, WEBM, "video/webm");
      if (withMp3) await ctx.deps.storage.put(`${key}.mp3`, MP3, "audio/mpeg");
      const [media] = await ctx.sql<{ id: string }[]>`
        insert into media (channel_id, kind, original_path, playable_path, delivery_mp3_path, status, content_type)
        values (${radio}, 'audio', ${key + ".webm"}, ${key + ".webm"}, ${
        withMp3 ? key + ".mp3" : null
      }, 'ready',
          'video/webm') returning id`;
      await ctx.sql`update messages set media_id = ${media.id} where id = ${id}`;
    };

    await t.step("without FTP settings: 'Please check channel cloud transfer configuration.'", async () => {
      const res = await send();
      assert.equal(res.status, 422);
      const body = await jsonOf(res);
      assert.equal(body.code, "ftp_not_configured");
      assert.equal(body.message, "Please check channel cloud transfer configuration.");
    });

    await ctx.sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
      ftp_password_enc = ${await encryptSecret(ctx.deps.jwtSecret, ftp.password)}, ftp_folder = 'inbox/voice',
      ftp_naming = '{channel}_{segment}_{id}' where id = ${radio}`;

    await t.step("a message without a file cannot be sent", async () => {
      const res = await send();
      assert.equal(res.status, 422);
      assert.equal((await jsonOf(res)).code, "delivery_no_media");
    });

    await t.step("the mp3 arrives on the server under the naming pattern: 'Success'", async () => {
      await attachMedia(message.id, true);
      const res = await send();
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      const name = `${radio}_${message.segment_id}_${message.id}.mp3`;
      assert.deepEqual(body, { status: "success", remote_path: `/inbox/voice/${name}`, message: "Success" });
      assert.deepEqual(await landed(`${ftp.root}/inbox/voice/${name}`, MP3), MP3);
      const [row] = await ctx
        .sql`select status, remote_path from deliveries where message_id = ${message.id}`;
      assert.equal(row.status, "success");
      // it is now in the "uploaded" tab
      const list = await jsonOf(
        await ctx.request(`/api/v1/channel-interactions?segment_id=${message.segment_id}&filter=uploaded`, {
          token,
        }),
      );
      assert.deepEqual(list.data.map((m: { id: number }) => m.id), [message.id]);
    });

    const [second] = await ctx.sql<{ id: number; segment_id: number }[]>`
      select id, segment_id from messages where channel_id = ${radio} and id <> ${message.id}
        and status = 'received' order by id limit 1`;

    await t.step("without an mp3 the original file is sent", async () => {
      await attachMedia(second.id, false);
      const res = await send(second.id);
      assert.equal(res.status, 200);
      await res.body?.cancel();
      const name = `${radio}_${second.segment_id}_${second.id}.webm`;
      assert.deepEqual(await landed(`${ftp.root}/inbox/voice/${name}`, WEBM), WEBM);
    });

    await t.step("a transfer already running for the message is refused and changes nothing", async () => {
      await ctx.sql`insert into deliveries (channel_id, message_id) values (${radio}, ${second.id})`;
      const res = await send(second.id);
      assert.equal(res.status, 409);
      assert.equal((await jsonOf(res)).code, "delivery_running");
      await ctx.sql`delete from deliveries where message_id = ${second.id} and status = 'running'`;
    });

    await t.step("a failure: 'Something went wrong.' followed by the server's message", async () => {
      await ctx.sql`update channels set ftp_password_enc = ${await encryptSecret(ctx.deps.jwtSecret, "wrong")}
        where id = ${radio}`;
      const res = await send(second.id);
      assert.equal(res.status, 502);
      const body = await jsonOf(res);
      assert.equal(body.code, "delivery_failed");
      assert.match(body.message, /^Something went wrong\. .+/);
      assert.match(body.detail, /Invalid username or password|530/);
      const [row] = await ctx.sql`select status, error from deliveries where message_id = ${second.id}
        order by id desc limit 1`;
      assert.equal(row.status, "failed");
      await ctx.sql`update channels set ftp_password_enc = ${await encryptSecret(
        ctx.deps.jwtSecret,
        ftp.password,
      )}
        where id = ${radio}`;
    });

    await t.step(
      "netia: each new accepted voice message is pushed by a job with its XML sidecar",
      async () => {
        const [third] = await ctx.sql<{ id: number; segment_id: number }[]>`
        select id, segment_id from messages where channel_id = ${radio} and status = 'received'
          and moderation in ('none', 'approved') and id not in (${message.id}, ${second.id}) order by id desc limit 1`;
        await ctx.sql`update segments set delivery_option = 'netia' where id = ${third.segment_id}`;
        await ctx.sql`update messages set created_at = now() where id = ${third.id}`;
        await attachMedia(third.id, true);
        assert.ok(await enqueueAcceptedDeliveries(ctx.deps) >= 1);
        const base = `${ftp.root}/inbox/voice/${radio}_${third.segment_id}_${third.id}`;
        // the job records success once the server has answered both transfers; the sidecar is read once
        // it is whole (see landed)
        await waitFor(async () =>
          (await ctx.sql`select 1 from deliveries where message_id = ${third.id} and status = 'success'`)
            .length === 1
        );
        await waitFor(() =>
          Deno.readTextFile(`${base}.xml`).then((x) => x.includes("</message>"), () => false)
        );
        assert.deepEqual(await landed(`${base}.mp3`, MP3), MP3);
        const xml = await Deno.readTextFile(`${base}.xml`);
        assert.match(xml, new RegExp(`<message id="${third.id}">`));
        assert.match(xml, new RegExp(`<file>${radio}_${third.segment_id}_${third.id}.mp3</file>`));
        // sent once: the sweep finds nothing more
        assert.equal(await enqueueAcceptedDeliveries(ctx.deps, [third.id]), 0);
      },
    );
  } finally {
    await ftp.close();
    await ctx.close();
  }
});
