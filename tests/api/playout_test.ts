// The playout queue: t adds last (twice counts once), out closes the gap, a reorder sets the air
// order, and the queue is delivered in that order to a real FTP server with the position leading the name.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { startFtp } from "../_ftp.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);

Deno.test("playout - queue, reorder and delivery in air order with the position in the file name", async (t) => {
  const ctx = await testApp();
  const ftp = await startFtp();
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
    const [seg] = await ctx.sql<{ id: number; channel_id: number }[]>`
      select s.id::int as id, s.channel_id::int as channel_id from segments s join messages m on m.segment_id = s.id
      where s.type = 'recording_question' group by s.id order by count(*) desc limit 1`;
    const ids = (await ctx.sql<{ id: number }[]>`
      select id::int as id from messages where segment_id = ${seg.id} order by id limit 3`).map((r) => r.id);
    for (const id of ids) {
      const key = `messages/${seg.channel_id}/playout-${id}.mp3`;
      await ctx.deps.storage.put(key, MP3, "audio/mpeg");
      const [media] = await ctx.sql<{ id: string }[]>`
        insert into media (channel_id, kind, original_path, broadcast_path, status, content_type)
        values (${seg.channel_id}, 'audio', ${key}, ${key}, 'ready', 'audio/mpeg') returning id`;
      await ctx.sql`update messages set media_id = ${media.id} where id = ${id}`;
    }
    const mark = (id: number, queued: boolean) =>
      ctx.request(`/api/v1/interaction/${id}/playout?lang=en`, { method: "PUT", token, json: { queued } });
    const order = async () =>
      (await (await ctx.request(`/api/v1/show_segments/${seg.id}/playout`, { token })).json())
        .map((r: { message_id: number; position: number }) => [r.message_id, r.position]);

    await t.step("t adds last; twice counts once; out closes the gap", async () => {
      for (const id of [ids[2], ids[0], ids[1], ids[0]]) assert.equal((await mark(id, true)).status, 200);
      assert.deepEqual(await order(), [[ids[2], 1], [ids[0], 2], [ids[1], 3]]);
      const res = await mark(ids[0], false);
      assert.deepEqual((await res.json()).queue.map((r: { position: number }) => r.position), [1, 2]);
      await mark(ids[0], true);
      assert.deepEqual(await order(), [[ids[2], 1], [ids[1], 2], [ids[0], 3]]);
    });

    await t.step("a reorder sets the air order; one that drops, adds or repeats an id is a 422", async () => {
      const put = (json: unknown) =>
        ctx.request(`/api/v1/show_segments/${seg.id}/playout?lang=en`, { method: "PUT", token, json });
      const res = await put({ ids: [ids[0], ids[1], ids[2]] });
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await order(), [[ids[0], 1], [ids[1], 2], [ids[2], 3]]);
      for (const bad of [[ids[0], ids[1]], [ids[0], ids[1], ids[1]], [ids[0], ids[1], 999999]]) {
        const r = await put({ ids: bad });
        assert.equal(r.status, 422);
        const body = await r.json();
        assert.equal(body.code, "playout_changed");
        assert.ok(body.message && body.fields?.ids);
      }
      assert.deepEqual(await order(), [[ids[0], 1], [ids[1], 2], [ids[2], 3]]);
    });

    await t.step("delivered in that order to the FTP server, each name led by its position", async () => {
      await ctx
        .sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
        ftp_password_enc = ${await encryptSecret(ctx.deps.jwtSecret, ftp.password)}, ftp_folder = 'air',
        ftp_naming = '{id}' where id = ${seg.channel_id}`;
      const res = await ctx.request(`/api/v1/show_segments/${seg.id}/playout/deliver?lang=en`, {
        method: "POST",
        token,
      });
      assert.equal(res.status, 200, await res.clone().text());
      const body = await res.json();
      assert.deepEqual(
        body.map((r: { remote_path: string }) => r.remote_path),
        [`/air/01_${ids[0]}.mp3`, `/air/02_${ids[1]}.mp3`, `/air/03_${ids[2]}.mp3`],
      );
      const files = [...Deno.readDirSync(`${ftp.root}/air`)].map((e) => e.name).sort();
      assert.deepEqual(files, [`01_${ids[0]}.mp3`, `02_${ids[1]}.mp3`, `03_${ids[2]}.mp3`]);
      // in air order: each delivery started after the one before
      const rows = await ctx.sql<{ message_id: number }[]>`
        select message_id::int as message_id from deliveries where message_id in ${ctx.sql(ids)} order by id`;
      assert.deepEqual(rows.map((r) => r.message_id), ids);
    });
  } finally {
    await ftp.close();
    await ctx.close();
  }
});
