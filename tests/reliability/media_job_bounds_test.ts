// Every ffmpeg the worker runs is bounded: killed after its time or when its job ends (pg-boss retries a
// job that outlived its expiry: the first attempt's ffmpeg must not run beside the retry), and refused
// memory past its limit; a huge image is refused from its header before anything decodes it.
import assert from "node:assert/strict";
import { runTool } from "../../lib/media/tool_run.ts";
import { MediaInputError, processMedia } from "../../lib/media/processing.ts";
import { writeStoredImageVariants } from "../../lib/media/image_variants.ts";
import { observeToolRuns, type ToolRun } from "../../lib/media/tool_run.ts";
import { testApp } from "../_helpers.ts";
import { randomChannel, randomSegment, testDevice, tusUpload } from "../api/_participation.ts";
import { hugePngHeader } from "../_media_attacks.ts";

/** The command lines of the processes running now that mention `text`. */
async function processesNaming(text: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const line = await Deno.readTextFile(`/proc/${entry.name}/cmdline`).catch(() => "");
    if (line.includes(text)) found.push(line.replaceAll("\0", " "));
  }
  return found;
}

Deno.test("runTool - a tool past its time is killed", async () => {
  const out = await runTool("sleep", ["30"], { timeoutMs: 200 });
  assert.equal(out.killed, true);
  assert.equal(out.success, false);
});

Deno.test("runTool - the job's signal kills its tool, and an ended job starts none", async () => {
  const job = new AbortController();
  const running = runTool("sleep", ["31"], { signal: job.signal });
  setTimeout(() => job.abort(new Error("job expired")), 100);
  const out = await running;
  assert.equal(out.killed, true);
  assert.deepEqual(await processesNaming("sleep\u000031"), []);
  await assert.rejects(runTool("sleep", ["1"], { signal: job.signal }), /job expired/);
});

Deno.test("runTool - a tool that needs more memory than its limit fails", async () => {
  // reversing 10 minutes of stereo floats holds 211 MB
  const args = [
    ...["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "sine=d=600"],
    ...["-af", "aformat=sample_fmts=flt:channel_layouts=stereo,areverse", "-f", "null", "-"],
  ];
  const out = await runTool("ffmpeg", args, { memoryBytes: 100 * 1024 * 1024 });
  assert.equal(out.success, false);
  assert.match(out.stderr, /Cannot allocate memory/);
});

Deno.test({
  name: "media job - a job that ends leaves no ffmpeg of its own running",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const ctx = await testApp();
    try {
      const channelId = await randomChannel(ctx.sql);
      const voice = await randomSegment(ctx.sql, channelId, {
        type: "recording_question",
        limit_1_vote: false,
        max_recording_time: 600,
      });
      const dir = await Deno.makeTempDir();
      const file = `${dir}/long.ogg`;
      const made = await new Deno.Command("ffmpeg", {
        args: [
          ...["-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=300:duration=600"],
          ...["-ac", "1", "-c:a", "libopus", "-b:a", "6k", file],
        ],
      }).output();
      assert.ok(made.success);
      const slot = await ctx.request("/api/v1/upload", {
        method: "POST",
        json: { extension: "ogg", kind: "audio" },
      });
      const { data_id } = await slot.json();
      assert.equal((await tusUpload(ctx, data_id, await Deno.readFile(file))).status, 204);
      await Deno.remove(dir, { recursive: true });
      const params = new URLSearchParams({
        channel_id: String(channelId),
        segment: String(voice.id),
        device_id: testDevice("bounded"),
        data_id,
        extension: "ogg",
      });
      const put = await ctx.request(`/api/v1/interactions?${params}`, {
        method: "PUT",
        headers: { "content-disposition": 'attachment; filename="v.ogg"', "content-type": "audio/ogg" },
      });
      assert.ok(put.ok, String(put.status));
      await put.body?.cancel();
      // the job's time runs out while its analysis decodes the 10 minutes
      const job = new AbortController();
      const started = processMedia({ sql: ctx.sql, storage: ctx.deps.storage }, data_id, {
        lastAttempt: false,
        signal: job.signal,
      });
      for (let i = 0; i < 100 && !(await processesNaming(data_id)).length; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      job.abort(new Error("job expired"));
      await assert.rejects(started, /job expired/);
      assert.deepEqual(await processesNaming(data_id), [], "no ffmpeg reads its file any more");
      const [row] = await ctx.sql`select status from media where id = ${data_id}`;
      assert.equal(row.status, "processing", "not failed: pg-boss retries it");
    } finally {
      await ctx.close();
    }
  },
});

Deno.test({
  name: "image copies - a picture over IMAGE_MAX_PIXELS is refused from its header, never decoded",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const ctx = await testApp();
    const runs: ToolRun[] = [];
    observeToolRuns((run) => runs.push(run));
    try {
      await ctx.deps.storage.put("segments/1/background-huge.png", hugePngHeader(12000, 12000), "image/png");
      await assert.rejects(
        writeStoredImageVariants(ctx.deps.storage, "segments/1/background-huge.png"),
        (error) => error instanceof MediaInputError && error.code === "image_too_many_pixels",
      );
      assert.deepEqual(runs, [], "no ffmpeg started");
    } finally {
      observeToolRuns(null);
      await ctx.close();
    }
  },
});
