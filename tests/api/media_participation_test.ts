import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import {
  drainJobs,
  makeMedia,
  probeResponse,
  randomChannel,
  randomSegment,
  testDevice,
  tusUpload,
  waitTask,
} from "./_participation.ts";
import { cleanupUploads } from "../../lib/media/tus.ts";
import { processMedia } from "../../lib/media/processing.ts";

// A local OpenAI-compatible transcription stub (DESIGN.md: real local peers, no mocks).
const calls: { model: string | null; size: number }[] = [];
const stub = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
  if (new URL(req.url).pathname !== "/v1/audio/transcriptions") return new Response("no", { status: 404 });
  const form = await req.formData();
  const file = form.get("file") as File;
  calls.push({ model: form.get("model") as string | null, size: file.size });
  return Response.json({ text: "Bonjour la radio, je dédicace ce titre à ma sœur." });
});
const ctx = await testApp({
  jobs: true,
  env: { TRANSCRIBE_BASE_URL: `http://127.0.0.1:${stub.addr.port}/v1`, TRANSCRIBE_API_KEY: "k" },
});
const channelId = await randomChannel(ctx.sql);

async function slot(extension: string, kind?: string) {
  const res = await ctx.request("/api/v1/upload", { method: "POST", json: { extension, kind } });
  return { res, body: res.status === 201 ? await res.json() : null };
}

function finish(query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams(
    Object.entries({ channel_id: channelId, ...query }).map(([k, v]) => [k, String(v)]),
  );
  return ctx.request(`/api/v1/interactions?lang=en&${params}`, {
    method: "PUT",
    headers: {
      "content-disposition": 'attachment; filename="recording.webm"',
      "content-type": "audio/webm",
      ...headers,
    },
  });
}

Deno.test({
  name: "media participation - upload slot, tus, finish, processing",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step("POST upload refuses extensions outside the lists (415)", async () => {
      for (const ext of ["exe", "flac", "html"]) {
        const { res } = await slot(ext);
        assert.equal(res.status, 415);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        assert.equal((await res.json()).code, "upload_type");
      }
    });

    await t.step("an upload cut in the middle resumes from the offset the server kept", async () => {
      const { body } = await slot("webm", "audio");
      const bytes = await makeMedia("webm-audio", 2);
      const half = Math.floor(bytes.length / 2);
      const tus = { "Tus-Resumable": "1.0.0" };
      const created = await ctx.request("/api/v1/files/", {
        method: "POST",
        headers: {
          ...tus,
          "Upload-Length": String(bytes.length),
          "Upload-Metadata": `data_id ${btoa(body.data_id)},filename ${btoa("recording")}`,
        },
      });
      assert.equal(created.status, 201);
      const location = created.headers.get("location")!;
      const patch = (offset: number, chunk: Uint8Array) =>
        ctx.request(location, {
          method: "PATCH",
          headers: {
            ...tus,
            "Upload-Offset": String(offset),
            "Content-Type": "application/offset+octet-stream",
          },
          body: chunk as BodyInit,
        });
      // the connection drops after half the file: the server keeps what arrived
      assert.equal((await patch(0, bytes.slice(0, half))).status, 204);
      let [media] = await ctx.sql`select status from media where id = ${body.data_id}`;
      assert.equal(media.status, "uploading", "not stored before the whole file is there");
      // the client asks where to go on, then sends the rest
      const head = await ctx.request(location, { method: "HEAD", headers: tus });
      assert.equal(head.headers.get("upload-offset"), String(half));
      assert.equal((await patch(0, bytes)).status, 409, "a wrong offset is refused");
      assert.equal((await patch(half, bytes.slice(half))).status, 204);
      [media] = await ctx.sql`select status, size_bytes from media where id = ${body.data_id}`;
      assert.equal(media.status, "uploaded");
      assert.equal(Number(media.size_bytes), bytes.length);
    });

    await t.step("a voice recording: slot, tus upload, PUT interactions, media job to mp3", async () => {
      const voice = await randomSegment(ctx.sql, channelId, {
        type: "recording_question",
        limit_1_vote: false,
        gather_information: true,
        information_to_gather: { first_name: { active: true, mandatory: true } },
      });
      const { res, body } = await slot("webm", "audio");
      assert.equal(res.status, 201);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      assert.equal(body.kind, "audio");
      assert.match(body.url, /\/api\/v1\/files\/$/);
      const patch = await tusUpload(ctx, body.data_id, await makeMedia("webm-audio", 2));
      assert.equal(patch.status, 204);
      const [media] = await ctx
        .sql`select status, original_path, content_type from media where id = ${body.data_id}`;
      assert.equal(media.status, "uploaded");
      assert.match(media.original_path, /^participations\/.+\.webm$/);

      const missing = await finish({
        segment: voice.id,
        device_id: testDevice("d1"),
        data_id: body.data_id,
        extension: "webm",
      });
      assert.equal(missing.status, 400);
      assert.equal((await missing.json()).message, "Missing required first_name field");

      const done = await finish(
        {
          segment: voice.id,
          device_id: testDevice("d1"),
          data_id: body.data_id,
          extension: "webm",
          site_ref: "blog",
          language: "fr",
        },
        { "Extra-User-Information": JSON.stringify({ first_name: "Ana" }) },
      );
      assert.equal(done.status, 200);
      assert.match(done.headers.get("content-type")!, /application\/json/);
      const answer = await done.json();
      assert.equal(typeof answer.id, "number");
      const task = await waitTask(ctx, answer.task_id, 60_000);
      assert.equal(task.status, "SUCCESS", JSON.stringify(task));
      const [row] = await ctx
        .sql`select m.duration_ms, m.transcript, m.content, m.processing_status, m.site_ref,
          m.extra_user_information, x.status, x.playable_path, x.delivery_mp3_path, x.channel_id::int as channel_id
        from messages m join media x on x.id = m.media_id where m.id = ${answer.id}`;
      assert.equal(row.status, "ready");
      assert.equal(row.processing_status, "done");
      assert.equal(row.channel_id, channelId);
      assert.equal(row.site_ref, "blog");
      assert.deepEqual(row.extra_user_information, { first_name: "Ana" });
      assert.ok(row.duration_ms > 1800 && row.duration_ms < 2300, String(row.duration_ms));
      assert.equal(row.content.duration, 2);
      assert.equal(row.content.recording_url, `/media/${row.playable_path}`);
      assert.equal(row.transcript, "Bonjour la radio, je dédicace ce titre à ma sœur.");
      assert.equal(row.content.transcription.data[0].transcript, row.transcript);
      assert.equal(row.content.transcription.too_long, false);
      assert.equal(calls.at(-1)?.model, "whisper-1");
      const played = await ctx.request(row.content.recording_url);
      assert.equal(played.status, 200);
      assert.equal(played.headers.get("content-type"), "audio/mpeg");
      const info = await probeResponse(played);
      assert.equal(info.hasAudio, true);
      assert.ok(info.durationMs! > 1800);
    });

    await t.step("a video: h264/aac mp4, jpg poster, delivery mp3", async () => {
      const video = await randomSegment(ctx.sql, channelId, {
        type: "video",
        limit_1_vote: false,
        media_type: "video",
        is_image_right_consent: true,
      });
      const { body } = await slot("mp4");
      assert.equal(body.kind, "video");
      assert.equal((await tusUpload(ctx, body.data_id, await makeMedia("mp4", 1))).status, 204);
      const refused = await finish({ segment: video.id, device_id: testDevice("v"), data_id: body.data_id });
      assert.equal(refused.status, 400);
      assert.equal((await refused.json()).message, "Missing consent for sending image");
      const res = await finish({
        segment: video.id,
        device_id: testDevice("v"),
        data_id: body.data_id,
        consent_image_right: "true",
      });
      assert.equal(res.status, 200);
      const answer = await res.json();
      assert.equal((await waitTask(ctx, answer.task_id, 60_000)).status, "SUCCESS");
      const [m] = await ctx
        .sql`select playable_path, poster_path, delivery_mp3_path, width, height from media where id = ${body.data_id}`;
      const web = await ctx.request(`/media/${m.playable_path}`);
      assert.equal(web.headers.get("content-type"), "video/mp4");
      const file = await Deno.makeTempFile({ suffix: ".mp4" });
      await Deno.writeFile(file, new Uint8Array(await web.arrayBuffer()));
      const out = await new Deno.Command("ffprobe", {
        args: ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", file],
      }).output();
      assert.deepEqual(new TextDecoder().decode(out.stdout).trim().split("\n").sort(), ["aac", "h264"]);
      assert.equal((await ctx.request(`/media/${m.poster_path}`)).headers.get("content-type"), "image/jpeg");
      assert.match(m.delivery_mp3_path, /\.mp3$/);
      assert.deepEqual([m.width, m.height], [320, 240]);
    });

    await t.step(
      "a file whose content is not its type is refused after upload (415) and its slot stays open",
      async () => {
        const { body } = await slot("mp3");
        const res = await tusUpload(
          ctx,
          body.data_id,
          new TextEncoder().encode("<html>not audio at all</html>".repeat(4)),
        );
        assert.equal(res.status, 415);
        const [m] = await ctx.sql`select status from media where id = ${body.data_id}`;
        assert.equal(m.status, "uploading");
      },
    );

    await t.step("sizes over the kind's limit are refused at creation (413)", async () => {
      const { body } = await slot("jpg");
      const res = await tusUpload(ctx, body.data_id, new Uint8Array(10), 10 * 1024 * 1024 + 1);
      assert.equal(res.status, 413);
    });

    await t.step("an unknown slot cannot receive a file, a slot only once", async () => {
      const res = await tusUpload(ctx, crypto.randomUUID(), new Uint8Array(10));
      assert.equal(res.status, 404);
    });

    await t.step("PUT before the upload finished is 409; unknown data_id 404", async () => {
      const voice = await randomSegment(ctx.sql, channelId, {
        type: "recording_question",
        limit_1_vote: false,
      });
      const { body } = await slot("mp3");
      const early = await finish({ segment: voice.id, device_id: testDevice("e"), data_id: body.data_id });
      assert.equal(early.status, 409);
      assert.equal((await early.json()).code, "upload_not_ready");
      const unknown = await finish({
        segment: voice.id,
        device_id: testDevice("e"),
        data_id: crypto.randomUUID(),
      });
      assert.equal(unknown.status, 404);
      const bad = await finish({ segment: voice.id, device_id: testDevice("e"), data_id: body.data_id }, {
        "Extra-User-Information": "{nope",
      });
      assert.equal(bad.status, 400);
      assert.equal((await bad.json()).code, "invalid_json");
    });

    await t.step(
      "a passing error leaves the media processing for the retry; the last attempt fails it",
      async () => {
        const { body } = await slot("webm", "audio");
        assert.equal((await tusUpload(ctx, body.data_id, await makeMedia("webm-audio", 1))).status, 204);
        const down = Deno.serve(
          { port: 0, hostname: "127.0.0.1", onListen: () => {} },
          () => new Response("down", { status: 503 }),
        );
        const deps = {
          sql: ctx.sql,
          storage: ctx.deps.storage,
          transcription: { baseUrl: `http://127.0.0.1:${down.addr.port}/v1`, apiKey: "k" },
        };
        const status = async () =>
          (await ctx.sql<{ status: string }[]>`select status from media where id = ${body.data_id}`)[0]
            .status;
        try {
          await assert.rejects(
            processMedia(deps, body.data_id, { lastAttempt: false }),
            /transcription failed/,
          );
          assert.equal(await status(), "processing");
          await assert.rejects(
            processMedia(deps, body.data_id, { lastAttempt: true }),
            /transcription failed/,
          );
          assert.equal(await status(), "failed");
        } finally {
          await down.shutdown();
        }
      },
    );

    await t.step("a broken file: task FAILURE with the reason, media failed, original kept", async () => {
      const voice = await randomSegment(ctx.sql, channelId, {
        type: "recording_question",
        limit_1_vote: false,
      });
      const { body } = await slot("mp3");
      const junk = new Uint8Array(4096);
      junk.set(new TextEncoder().encode("ID3"));
      assert.equal((await tusUpload(ctx, body.data_id, junk)).status, 204);
      const res = await finish({ segment: voice.id, device_id: testDevice("b"), data_id: body.data_id });
      const answer = await res.json();
      const task = await waitTask(ctx, answer.task_id, 60_000);
      assert.equal(task.status, "FAILURE");
      assert.ok(task.reason && task.reason.length > 0);
      const [m] = await ctx.sql`select x.status, x.error, x.original_path, m.processing_status from media x
        join messages m on m.media_id = x.id where x.id = ${body.data_id}`;
      assert.equal(m.status, "failed");
      assert.equal(m.processing_status, "failed");
      assert.ok(m.error);
      assert.equal((await ctx.request(`/media/${m.original_path}`)).status, 200);
    });

    await t.step(
      "a re-recording replaces the media of the same participation (update_interaction_id)",
      async () => {
        const voice = await randomSegment(ctx.sql, channelId, { type: "recording_question" });
        const first = await slot("mp3");
        await tusUpload(ctx, first.body.data_id, await makeMedia("mp3", 1));
        const sent =
          await (await finish({ segment: voice.id, device_id: testDevice("u"), data_id: first.body.data_id }))
            .json();
        const again = await finish({
          segment: voice.id,
          device_id: testDevice("u"),
          data_id: first.body.data_id,
        });
        assert.equal(again.status, 409); // a slot serves one participation
        const second = await slot("mp3");
        await tusUpload(ctx, second.body.data_id, await makeMedia("mp3", 1));
        const limited = await finish({
          segment: voice.id,
          device_id: testDevice("u"),
          data_id: second.body.data_id,
        });
        assert.deepEqual(await limited.json(), { message: "already_received", alreadyReceived: true });
        const res = await finish({
          segment: voice.id,
          device_id: testDevice("u"),
          data_id: second.body.data_id,
          update_interaction_id: sent.id,
        });
        assert.equal(res.status, 200);
        assert.equal((await res.json()).id, sent.id);
        const [m] = await ctx.sql`select media_id from messages where id = ${sent.id}`;
        assert.equal(m.media_id, second.body.data_id);
      },
    );

    await t.step("upload slots are limited per address and minute (429)", async () => {
      const from = { "x-forwarded-for": "203.0.113.9" };
      // the limit counts per fixed minute: a burst that crosses a minute's end would start a new count,
      // so on a slow machine it starts with a fresh minute when less than 40 s of this one remain
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 20_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 50));
      let last = 0;
      for (let i = 0; i < 31; i++) {
        last =
          (await ctx.request("/api/v1/upload", { method: "POST", json: { extension: "mp3" }, headers: from }))
            .status;
      }
      assert.equal(last, 429);
      const other = await ctx.request("/api/v1/upload", {
        method: "POST",
        json: { extension: "mp3" },
        headers: { "x-forwarded-for": "203.0.113.10" },
      });
      assert.equal(other.status, 201);
    });

    await t.step("abandoned slots are cleaned after the expiry", async () => {
      const { body } = await slot("mp3");
      assert.equal(await cleanupUploads(ctx.deps), 0);
      const removed = await cleanupUploads(ctx.deps, new Date(Date.now() + 25 * 3600_000));
      assert.ok(removed >= 1);
      const rows = await ctx.sql`select 1 from media where id = ${body.data_id}`;
      assert.equal(rows.length, 0);
    });
  },
});

Deno.test({
  name: "media participation - teardown",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await drainJobs(ctx);
    await ctx.close();
    await stub.shutdown();
  },
});
