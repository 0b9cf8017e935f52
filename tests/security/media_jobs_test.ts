// Attacks on the worker's media jobs through the widget's own steps (upload slot, tus, PUT interactions):
// a playlist disguised as an mp3 that names another listener's recording, a recording longer than its
// interaction allows, a long low-bitrate recording that once took a gigabyte per ffmpeg run. A failed
// task tells the listener what went wrong in their language, never a server path.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import {
  drainJobs,
  makeMedia,
  randomChannel,
  randomSegment,
  testDevice,
  tusUpload,
} from "../api/_participation.ts";
import { concat } from "../_media_attacks.ts";
import { observeToolRuns, type ToolRun } from "../../lib/media/tool_run.ts";
import { FFMPEG_MEMORY_LIMIT_BYTES } from "../../lib/rules/constants.ts";
import en from "../../locales/en.json" with { type: "json" };
import fr from "../../locales/fr.json" with { type: "json" };

const ctx = await testApp({ jobs: true });
const channelId = await randomChannel(ctx.sql);

/** A 10-byte ID3v2.4 tag header whose tag holds `size` bytes (syncsafe). */
function id3Header(size: number): Uint8Array {
  return new Uint8Array([
    0x49,
    0x44,
    0x33,
    4,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
}

/** An HLS playlist naming `file` (a name beside the attacker's own upload) `times` times. */
const playlist = (file: string, times: number) =>
  new TextEncoder().encode(
    "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:30\n" +
      `#EXTINF:30.0,\n${file}\n`.repeat(times) + "#EXT-X-ENDLIST\n",
  );

/** The widget's steps for a file: slot, tus upload, PUT interactions; the tus status and the task. */
async function send(segment: number, bytes: Uint8Array, extension: string, device: string) {
  const slot = await ctx.request("/api/v1/upload", { method: "POST", json: { extension, kind: "audio" } });
  assert.equal(slot.status, 201);
  const { data_id } = await slot.json();
  const uploaded = await tusUpload(ctx, data_id, bytes);
  await uploaded.body?.cancel();
  if (uploaded.status !== 204) return { dataId: data_id as string, tus: uploaded.status, taskId: null };
  const params = new URLSearchParams({
    channel_id: String(channelId),
    segment: String(segment),
    device_id: testDevice(device),
    data_id,
    extension,
  });
  const res = await ctx.request(`/api/v1/interactions?lang=en&${params}`, {
    method: "PUT",
    headers: {
      "content-disposition": `attachment; filename="voice.${extension}"`,
      "content-type": "audio/mpeg",
    },
  });
  assert.equal(res.status, 200, await res.clone().text());
  return { dataId: data_id as string, tus: 204, taskId: (await res.json()).task_id as string };
}

/** Polls the task as the widget does, in `language`, until it is done. */
async function finished(taskId: string, language = "en", timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await ctx.request(`/api/v1/tasks/${taskId}`, { headers: { "accept-language": language } });
    assert.equal(res.status, 200);
    const body = await res.json();
    if (body.status === "SUCCESS" || body.status === "FAILURE") return body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${taskId} still running`);
}

const mediaRow = async (id: string) =>
  (await ctx.sql<
    { status: string; original_path: string; playable_path: string | null; error: string | null }[]
  >`
    select status, original_path, playable_path, error from media where id = ${id}`)[0];

Deno.test({
  name: "security: media jobs - playlists in disguise, overlong and heavy recordings",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const voice = await randomSegment(ctx.sql, channelId, {
      type: "recording_question",
      limit_1_vote: false,
      max_recording_time: 600,
    });
    const victim = await send(voice.id, await makeMedia("mp3", 3), "mp3", "victim");
    assert.equal((await finished(victim.taskId!)).status, "SUCCESS");
    const victimFile = (await mediaRow(victim.dataId)).original_path.split("/").pop()!;

    await t.step(
      "ID3 then an HLS playlist naming a victim's recording: refused at upload (415)",
      async () => {
        const attack = concat(id3Header(0), playlist(victimFile, 24));
        const sent = await send(voice.id, attack, "mp3", "attacker-1");
        assert.equal(sent.tus, 415, "the content after the ID3 tag is not MPEG audio");
        assert.equal((await mediaRow(sent.dataId)).original_path, null);
      },
    );

    await t.step(
      "the playlist behind a long ID3 tag: the task fails, nothing of the victim is copied",
      async () => {
        // the tag's 200 bytes hide the playlist from the upload's first look: the worker reads past it
        const attack = concat(id3Header(200), new Uint8Array(200), playlist(victimFile, 24));
        const sent = await send(voice.id, attack, "mp3", "attacker-2");
        assert.equal(sent.tus, 204);
        const task = await finished(sent.taskId!);
        assert.equal(task.status, "FAILURE");
        assert.equal(task.code, "media_unreadable");
        assert.equal(task.reason, en.errors.media_unreadable);
        assert.doesNotMatch(JSON.stringify(task), /\/|ffmpeg|participations/, "no path, no ffmpeg output");
        const row = await mediaRow(sent.dataId);
        assert.equal(row.status, "failed");
        assert.equal(row.playable_path, null, "no copy of anyone's recording");
        assert.equal(row.error, "media_unreadable");
      },
    );

    await t.step(
      "a recording longer than its interaction allows: FAILURE in the listener's language",
      async () => {
        const short = await randomSegment(ctx.sql, channelId, {
          type: "recording_question",
          limit_1_vote: false,
          max_recording_time: 5,
        });
        const sent = await send(short.id, await makeMedia("webm-audio", 20), "webm", "long-1");
        const task = await finished(sent.taskId!, "fr");
        assert.equal(task.status, "FAILURE");
        assert.equal(task.code, "media_too_long");
        assert.equal(task.reason, fr.errors.media_too_long);
        assert.equal(task.reason, fr.widget.too_long, "the spec's text of an overlong recording");
        const english = await (await ctx.request(`/api/v1/tasks/${sent.taskId}`, {
          headers: { "accept-language": "en" },
        })).json();
        assert.equal(english.reason, "Recorded participation is too long. Please try again.");
        assert.equal((await mediaRow(sent.dataId)).playable_path, null);
      },
    );

    await t.step(
      "a 10-minute Opus at 6 kbit/s: processed with every ffmpeg under its memory limit",
      async () => {
        const dir = await Deno.makeTempDir();
        const file = `${dir}/long.ogg`;
        const made = await new Deno.Command("ffmpeg", {
          args: [
            ...["-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=300:duration=600"],
            ...["-af", "volume=0.3", "-ac", "1", "-c:a", "libopus", "-b:a", "6k", file],
          ],
        }).output();
        assert.ok(made.success);
        const runs: ToolRun[] = [];
        observeToolRuns((run) => runs.push(run));
        try {
          const sent = await send(voice.id, await Deno.readFile(file), "ogg", "long-2");
          const task = await finished(sent.taskId!, "en", 600_000);
          assert.equal(task.status, "SUCCESS", JSON.stringify(task));
          assert.ok(Math.abs(task.result.duration_ms - 600_000) < 1000, String(task.result.duration_ms));
        } finally {
          observeToolRuns(null);
          await Deno.remove(dir, { recursive: true });
        }
        const ffmpegRuns = runs.filter((r) => r.cmd === "ffmpeg");
        assert.ok(ffmpegRuns.length >= 2, "an analysis and a render");
        for (const run of runs) {
          assert.ok(
            run.peakKb !== null && run.peakKb * 1024 <= FFMPEG_MEMORY_LIMIT_BYTES,
            JSON.stringify(run),
          );
        }
      },
    );

    await drainJobs(ctx);
    await ctx.close();
  },
});
