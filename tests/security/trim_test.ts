// Attacks on the trim of a voice message's broadcast copy: trimming another channel's message,
// without a session or as a listener, with points outside the recording or extra fields; saving twice
// leaves one broadcast copy. Each must fail or count once.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { spokenWav } from "../_audio.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { processMedia, renderTrimmedBroadcast } from "../../lib/media/processing.ts";
import { randomAppUser, randomChannel, randomMessage, randomSegment } from "../api/_participation.ts";

Deno.test("security: trim - another channel's message, strangers and bad points are refused; a save counts once", async (t) => {
  const ctx = await testApp();
  const dir = await Deno.makeTempDir({ prefix: "im-trim-" });
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const operator = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    const wav = await spokenWav(dir, "voice", 0);
    const voice = async (channelId: number, messageId: number) => {
      const key = `participations/${crypto.randomUUID()}.wav`;
      await ctx.deps.storage.put(key, await Deno.readFile(wav), "audio/wav");
      const [media] = await ctx.sql<{ id: string }[]>`
        insert into media (channel_id, kind, original_path, extension, content_type, status)
        values (${channelId}, 'audio', ${key}, 'wav', 'audio/wav', 'uploaded') returning id`;
      await ctx.sql`update messages set media_id = ${media.id} where id = ${messageId}`;
      await processMedia({ sql: ctx.sql, storage: ctx.deps.storage }, media.id);
      return media.id;
    };
    const [mine] = await ctx.sql<{ id: number }[]>`
      select id::int as id from messages where channel_id = ${radio} and media_id is null order by id limit 1`;
    const mineMedia = await voice(radio, mine.id);
    const otherChannel = await randomChannel(ctx.sql);
    const otherSegment = await randomSegment(ctx.sql, otherChannel, { type: "recording_question" });
    const other = await randomMessage(ctx.sql, { id: otherSegment.id, channelId: otherChannel });
    const otherMedia = await voice(otherChannel, other.id);
    const trimOf = async (mediaId: string) =>
      (await ctx.sql`select trim_in_ms, trim_out_ms, broadcast_path from media where id = ${mediaId}`)[0];
    const put = (id: number, json: unknown, token?: string) =>
      ctx.request(`/api/v1/interaction/${id}/trim?lang=en`, { method: "PUT", json, token });

    await t.step("another channel's message is a 404 and keeps its copy untouched", async () => {
      const before = await trimOf(otherMedia);
      const res = await put(other.id, { in_ms: 500, out_ms: 2000 }, operator);
      assert.equal(res.status, 404);
      assert.equal((await res.json()).code, "not_found");
      assert.deepEqual(await trimOf(otherMedia), before);
    });

    await t.step("no session is 401, a listener's session is refused", async () => {
      const none = await put(mine.id, { in_ms: 500, out_ms: 2000 });
      assert.equal(none.status, 401);
      await none.body?.cancel();
      const listener = await randomAppUser(ctx);
      const res = await put(mine.id, { in_ms: 500, out_ms: 2000 }, listener.token);
      assert.ok(res.status === 401 || res.status === 403, String(res.status));
      await res.body?.cancel();
      assert.equal((await trimOf(mineMedia)).trim_in_ms, null);
    });

    await t.step(
      "points outside the recording, too short, negative or with extra fields are refused",
      async () => {
        const [m] = await ctx.sql<{ aired: number }[]>`select aired_duration_ms as aired from media
        where id = ${mineMedia}`;
        for (
          const [body, status, field] of [
            [{ in_ms: m.aired + 10, out_ms: null }, 422, "trim_in_ms"],
            [{ in_ms: 1000, out_ms: 1200 }, 422, "trim_out_ms"],
            [{ in_ms: 0, out_ms: m.aired + 5000 }, 422, "trim_out_ms"],
            [{ in_ms: -1, out_ms: 2000 }, 400, "in_ms"],
            [{ in_ms: 1.5, out_ms: 2000 }, 400, "in_ms"],
            [{ in_ms: 0, out_ms: 2000, path: "../../etc/passwd" }, 400, null],
            [{ in_ms: "0", out_ms: 2000 }, 400, "in_ms"],
          ] as const
        ) {
          const res = await put(mine.id, body, operator);
          assert.equal(res.status, status, JSON.stringify(body));
          const json = await res.json();
          if (status === 422) {
            assert.equal(json.code, "trim_invalid");
            assert.match(json.message, /in and out points/);
            assert.ok(json.fields[field!]);
          }
        }
        assert.equal((await trimOf(mineMedia)).trim_in_ms, null);
      },
    );

    await t.step("a message without processed audio has nothing to trim", async () => {
      const [text] = await ctx.sql<{ id: number }[]>`
        select id::int as id from messages where channel_id = ${radio} and media_id is null order by id limit 1`;
      const res = await put(text.id, { in_ms: 0, out_ms: 2000 }, operator);
      assert.equal(res.status, 422);
      assert.equal((await res.json()).code, "no_broadcast_audio");
    });

    await t.step("the same trim saved and rendered twice leaves one broadcast copy", async () => {
      const first = (await trimOf(mineMedia)).broadcast_path as string;
      for (let i = 0; i < 2; i++) {
        const res = await put(mine.id, { in_ms: 500, out_ms: 2500 }, operator);
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), {
          id: mine.id,
          trim_in_ms: 500,
          trim_out_ms: 2500,
          task_id: null,
        });
      }
      await renderTrimmedBroadcast({ sql: ctx.sql, storage: ctx.deps.storage }, mineMedia);
      const second = (await trimOf(mineMedia)).broadcast_path as string;
      await renderTrimmedBroadcast({ sql: ctx.sql, storage: ctx.deps.storage }, mineMedia);
      const third = (await trimOf(mineMedia)).broadcast_path as string;
      assert.notEqual(second, first);
      assert.notEqual(third, second);
      assert.equal(await ctx.deps.storage.size!(first), null);
      assert.equal(await ctx.deps.storage.size!(second), null);
      assert.ok((await ctx.deps.storage.size!(third))! > 0);
    });
  } finally {
    await ctx.close();
    await Deno.remove(dir, { recursive: true });
  }
});
