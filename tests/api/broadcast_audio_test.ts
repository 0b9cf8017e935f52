import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { startFtp } from "../_ftp.ts";
import { ebur128, spokenWav } from "../_audio.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import { probe, processMedia } from "../../lib/media/processing.ts";

Deno.test("broadcast audio - quiet and clipped voices reach the channel's target and format on the FTP server", async (t) => {
  const ctx = await testApp();
  const ftp = await startFtp();
  const dir = await Deno.makeTempDir({ prefix: "im-air-" });
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    await ctx.sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
      ftp_password_enc = ${await encryptSecret(ctx.deps.jwtSecret, ftp.password)}, ftp_folder = 'air',
      ftp_naming = '{id}' where id = ${radio}`;
    const messages = (await ctx.sql<{ id: number }[]>`
      select id from messages where channel_id = ${radio} and status = 'received'
        and moderation in ('none', 'approved') order by id limit 4`).map((m) => m.id);
    const quiet = await spokenWav(dir, "quiet", -20);
    const loud = await spokenWav(dir, "loud", 12);
    const before = { quiet: (await ebur128(quiet)).lufs!, loud: (await ebur128(loud)).lufs! };
    assert.ok(before.quiet < -35 && before.loud > -12, JSON.stringify(before)); // 25+ LU apart

    await t.step("the channel API keeps the target and format; the default is R128 in MP3 192", async () => {
      const admin = await openSession(
        ctx.deps.sql,
        ctx.deps.jwtSecret,
        (await ctx.sql<{ id: number }[]>`select id from users where login = 'admin'`)[0].id,
        "staff",
      );
      const before = await (await ctx.request(`/api/v1/channels/${radio}`, { token: admin })).json();
      assert.equal(before.audio_target_lufs, -23);
      assert.equal(before.audio_format, "mp3_192");
      const res = await ctx.request(`/api/v1/channels/${radio}`, {
        token: admin,
        method: "PUT",
        json: { audio_target_lufs: -16, audio_format: "wav_24" },
      });
      assert.equal(res.status, 200, await res.clone().text());
      const after = await (await ctx.request(`/api/v1/channels/${radio}`, { token: admin })).json();
      assert.equal(after.audio_target_lufs, -16);
      assert.equal(after.audio_format, "wav_24");
    });

    const cases = [
      { input: quiet, target: -23, format: "mp3_192", ext: "mp3" },
      { input: loud, target: -23, format: "mp3_320", ext: "mp3" },
      { input: quiet, target: -16, format: "wav_24", ext: "wav" },
      { input: loud, target: -16, format: "wav_16", ext: "wav" },
    ];
    for (const [i, c] of cases.entries()) {
      await t.step(
        `${c.input.includes("quiet") ? "quiet" : "clipped"} voice, ${c.target} LUFS, ${c.format}`,
        async () => {
          await ctx.sql`update channels set audio_target_lufs = ${c.target}, audio_format = ${c.format}
          where id = ${radio}`;
          const key = `participations/original-${i}.wav`;
          await ctx.deps.storage.put(key, await Deno.readFile(c.input), "audio/wav");
          const [media] = await ctx.sql<{ id: string }[]>`
          insert into media (channel_id, kind, original_path, extension, content_type, status)
          values (${radio}, 'audio', ${key}, 'wav', 'audio/wav', 'uploaded') returning id`;
          await ctx.sql`update messages set media_id = ${media.id} where id = ${messages[i]}`;
          await processMedia({ sql: ctx.sql, storage: ctx.deps.storage }, media.id);

          const [row] = await ctx.sql<{
            broadcast_path: string;
            loudness_lufs: number;
            true_peak_dbtp: number;
            peaks: number[];
            original_path: string;
          }[]>`select broadcast_path, loudness_lufs, true_peak_dbtp, peaks, original_path from media
          where id = ${media.id}`;
          assert.ok(Math.abs(row.loudness_lufs - (c.input === quiet ? before.quiet : before.loud)) < 1);
          if (c.input === loud) assert.ok(row.true_peak_dbtp >= -0.5, "the clipped original reads its peak");
          assert.equal(row.peaks.length, 300);
          assert.equal(Math.max(...row.peaks), 100);
          // the original is kept, untouched
          assert.deepEqual(
            await Deno.readFile(await ctx.deps.storage.localPath(row.original_path)),
            await Deno.readFile(c.input),
          );

          const res = await ctx.request(`/api/v1/interaction/${messages[i]}/ftp?lang=en`, {
            method: "POST",
            token,
          });
          assert.equal(res.status, 200, await res.clone().text());
          assert.equal((await res.json()).remote_path, `/air/${messages[i]}.${c.ext}`);
          const delivered = `${ftp.root}/air/${messages[i]}.${c.ext}`;
          const level = await ebur128(delivered);
          assert.ok(Math.abs(level.lufs! - c.target) <= 1, `integrated ${level.lufs} for ${c.target}`);
          assert.ok(level.truePeak! <= -1, `true peak ${level.truePeak}`);
          const info = await probe(delivered);
          const original = await probe(c.input);
          // 1.5 s of silence at each end is trimmed to a breath
          assert.ok(
            info.durationMs! < original.durationMs! - 2200,
            `${info.durationMs} of ${original.durationMs}`,
          );
          assert.ok(info.durationMs! > original.durationMs! - 3200);
          const stream = new TextDecoder().decode(
            (await new Deno.Command("ffprobe", {
              args: [
                "-v",
                "error",
                "-show_entries",
                "stream=codec_name,sample_rate,bit_rate",
                "-of",
                "csv=p=0",
                delivered,
              ],
              stdout: "piped",
            }).output()).stdout,
          ).trim();
          const expected = {
            mp3_192: /^mp3,48000,192000$/,
            mp3_320: /^mp3,48000,320000$/,
            wav_24: /^pcm_s24le,48000,/,
            wav_16: /^pcm_s16le,48000,/,
          }[c.format]!;
          assert.match(stream, expected);
        },
      );
    }
  } finally {
    await ftp.close();
    await ctx.close();
    await Deno.remove(dir, { recursive: true });
  }
});
