// A staff voice reply and the sound of a listener's video get the broadcast copy too (measured,
// normalised to the channel's target, silence trimmed, in the channel's format), read by ffmpeg's ebur128.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { drainJobs } from "./_participation.ts";
import { ebur128, spokenWav } from "../_audio.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { probe, processMedia } from "../../lib/media/processing.ts";

Deno.test({
  name: "air copies - a voice reply and a video's sound reach the channel's target in its format",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp({ jobs: true });
    const dir = await Deno.makeTempDir({ prefix: "im-air-copies-" });
    try {
      await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
      const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
      const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
      const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
      const [message] = await ctx.sql<{ id: number }[]>`
        select id from messages where channel_id = ${radio} and status = 'received' order by id limit 1`;
      const quiet = await spokenWav(dir, "quiet", -20);
      assert.ok((await ebur128(quiet)).lufs! < -35);

      /** The broadcast copy of a media, once the worker made it: its file, measured. */
      const copyOf = async (mediaId: string) => {
        const [row] = await ctx.sql<{ broadcast_path: string | null; peaks: number[] | null }[]>`
          select broadcast_path, peaks from media where id = ${mediaId}`;
        assert.ok(row.broadcast_path, "a broadcast copy is recorded");
        assert.equal(row.peaks?.length, 300);
        const file = await ctx.deps.storage.localPath(row.broadcast_path);
        return { file, level: await ebur128(file), info: await probe(file) };
      };

      await t.step("a staff voice reply: -16 LUFS in WAV 16 bit, the original still played", async () => {
        await ctx
          .sql`update channels set audio_target_lufs = -16, audio_format = 'wav_16' where id = ${radio}`;
        const form = new FormData();
        form.append("interaction_id", String(message.id));
        form.append("file", new File([await Deno.readFile(quiet)], "reply.wav", { type: "audio/wav" }));
        const res = await ctx.request("/api/v1/interaction-reply", { method: "POST", token, body: form });
        assert.equal(res.status, 201, await res.clone().text());
        const reply = (await res.json()).replies.at(-1);
        assert.match(reply.content.recording_url, /^\/media\/replies\/\d+\/.+\.wav$/);
        await drainJobs(ctx);
        const [media] = await ctx.sql<{ id: string; original_path: string; playable_path: string }[]>`
          select m.id, m.original_path, m.playable_path from replies r join media m on m.id = r.media_id
          where r.message_id = ${message.id} order by r.id desc limit 1`;
        assert.equal(media.playable_path, media.original_path, "the reply plays its original");
        const copy = await copyOf(media.id);
        assert.match(copy.file, /-broadcast\.wav$/);
        assert.ok(Math.abs(copy.level.lufs! + 16) <= 1, `integrated ${copy.level.lufs}`);
        assert.ok(copy.level.truePeak! <= -1, `true peak ${copy.level.truePeak}`);
        // 1.5 s of silence at each end trimmed to a breath
        assert.ok(copy.info.durationMs! < (await probe(quiet)).durationMs! - 2200);
      });

      await t.step("the sound of a listener's video: -23 LUFS in MP3 320", async () => {
        await ctx
          .sql`update channels set audio_target_lufs = -23, audio_format = 'mp3_320' where id = ${radio}`;
        const mp4 = `${dir}/video.mp4`;
        const out = await new Deno.Command("ffmpeg", {
          args: [
            ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
            ["-i", "testsrc=size=320x240:rate=10", "-i", quiet, "-shortest", "-c:v", "libx264"],
            ["-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k", mp4],
          ].flat(),
        }).output();
        assert.ok(out.success, new TextDecoder().decode(out.stderr));
        const key = "participations/air-video.mp4";
        await ctx.deps.storage.put(key, await Deno.readFile(mp4), "video/mp4");
        const [media] = await ctx.sql<{ id: string }[]>`
          insert into media (channel_id, kind, original_path, extension, content_type, status)
          values (${radio}, 'video', ${key}, 'mp4', 'video/mp4', 'uploaded') returning id`;
        await processMedia({ sql: ctx.sql, storage: ctx.deps.storage }, media.id);
        const copy = await copyOf(media.id);
        assert.match(copy.file, /-broadcast\.mp3$/);
        assert.equal(copy.info.hasVideo, false);
        assert.ok(Math.abs(copy.level.lufs! + 23) <= 1, `integrated ${copy.level.lufs}`);
        assert.ok(copy.level.truePeak! <= -1, `true peak ${copy.level.truePeak}`);
      });
    } finally {
      await drainJobs(ctx).catch(() => {});
      await ctx.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
