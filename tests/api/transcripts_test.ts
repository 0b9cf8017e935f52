// Transcription: with TRANSCRIBE_BASE_URL set, a video's transcript is made by a local server that
// speaks the OpenAI /audio/transcriptions API (no mock of our code), shown in the inbox, found by its search,
// exported in the CSV and served as WebVTT subtitles beside the video.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";
import {
  makeMedia,
  randomChannel,
  randomSegment,
  testDevice,
  tusUpload,
  waitTask,
} from "./_participation.ts";

/** How the stub answers: timed segments, or it refuses verbose_json as some services do (400). */
let mode: "segments" | "no_verbose" = "segments";
const formats: string[] = [];
const stub = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
  if (new URL(req.url).pathname !== "/v1/audio/transcriptions") return new Response("no", { status: 404 });
  if (req.headers.get("authorization") !== "Bearer k") return new Response("key", { status: 401 });
  const form = await req.formData();
  const format = String(form.get("response_format"));
  formats.push(format);
  if (!(form.get("file") instanceof File)) return Response.json({ error: "file" }, { status: 400 });
  if (mode === "no_verbose" && format === "verbose_json") {
    return Response.json({ error: "format" }, { status: 400 });
  }
  if (format === "verbose_json") {
    return Response.json({
      task: "transcribe",
      language: "french",
      duration: 1,
      text: " Salut la radio, voici ma vidéo.",
      segments: [
        { id: 0, start: 0, end: 0.4, text: " Salut la radio," },
        { id: 1, start: 0.4, end: 1, text: " voici ma vidéo." },
      ],
    });
  }
  return Response.json({ text: "Quelle émission formidable" });
});
const ctx = await testApp({
  jobs: true,
  env: { TRANSCRIBE_BASE_URL: `http://127.0.0.1:${stub.addr.port}/v1`, TRANSCRIBE_API_KEY: "k" },
});
const channelId = await randomChannel(ctx.sql);
const [staff] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
  values ('tr-admin', 'tr-admin@example.com', 'administrator', ${channelId}) returning id::int as id`;
const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
const segment = await randomSegment(ctx.sql, channelId, {
  type: "video",
  title: "Vidéos",
  limit_1_vote: false,
  media_type: "video",
  is_image_right_consent: true,
});

/** A one-second video sent as a listener would, processed by the worker; its message id and media id. */
async function sendVideo(label: string) {
  const slot = await (await ctx.request("/api/v1/upload", { method: "POST", json: { extension: "mp4" } }))
    .json();
  assert.equal((await tusUpload(ctx, slot.data_id, await makeMedia("mp4", 1))).status, 204);
  const params = new URLSearchParams({
    channel_id: String(channelId),
    segment: String(segment.id),
    device_id: testDevice(label),
    data_id: slot.data_id,
    consent_image_right: "true",
  });
  const res = await ctx.request(`/api/v1/interactions?lang=fr&${params}`, {
    method: "PUT",
    headers: { "content-disposition": 'attachment; filename="clip.mp4"', "content-type": "video/mp4" },
  });
  assert.equal(res.status, 200);
  const answer = await res.json();
  assert.equal((await waitTask(ctx, answer.task_id, 60_000)).status, "SUCCESS");
  return { id: answer.id as number, mediaId: slot.data_id as string };
}

async function inboxSearch(text: string) {
  const res = await ctx.request(
    `/api/v1/channel-interactions?segment_id=${segment.id}&per_page=50&search_text=${
      encodeURIComponent(text)
    }`,
    { token },
  );
  assert.equal(res.status, 200);
  return (await res.json()).data as {
    id: number;
    transcript: string;
    media: { kind: string; subtitles_url: string | null };
  }[];
}

Deno.test({
  name: "transcripts - a video's transcript in the inbox, its search, the CSV export and WebVTT subtitles",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    let first: { id: number; mediaId: string };
    await t.step(
      "segments from verbose_json: inbox, search, subtitles with the service's timings",
      async () => {
        first = await sendVideo("tr-1");
        assert.equal(formats.at(-1), "verbose_json");
        const found = await inboxSearch("radio");
        const row = found.find((m) => m.id === first.id);
        assert.ok(row, "the inbox search finds the message by a word of its transcript");
        assert.equal(row.transcript, "Salut la radio, voici ma vidéo.");
        assert.equal(row.media.subtitles_url, `/media/participations/${first.mediaId}-subtitles.vtt`);
        assert.deepEqual((await inboxSearch("introuvable")).map((m) => m.id), []);
        const vtt = await ctx.request(row.media.subtitles_url!);
        assert.equal(vtt.status, 200);
        assert.equal(vtt.headers.get("content-type"), "text/vtt; charset=utf-8");
        assert.equal(
          await vtt.text(),
          "WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.400\nSalut la radio,\n\n2\n00:00:00.400 --> 00:00:01.000\n" +
            "voici ma vidéo.\n",
        );
      },
    );

    await t.step(
      "a service refusing verbose_json: asked again in json, one cue for the whole clip",
      async () => {
        mode = "no_verbose";
        const second = await sendVideo("tr-2");
        assert.deepEqual(formats.slice(-2), ["verbose_json", "json"]);
        const [row] = await inboxSearch("formidable");
        assert.equal(row.id, second.id);
        const [media] = await ctx.sql<{ duration_ms: number }[]>`
        select duration_ms from media where id = ${second.mediaId}`;
        const text = await (await ctx.request(row.media.subtitles_url!)).text();
        const end = new Date(media.duration_ms).toISOString().slice(11, 23);
        assert.equal(text, `WEBVTT\n\n1\n00:00:00.000 --> ${end}\nQuelle émission formidable\n`);
        assert.ok(media.duration_ms > 800 && media.duration_ms < 1300, String(media.duration_ms));
      },
    );

    await t.step("the CSV export carries each transcript", async () => {
      const res = await ctx.request(`/api/v1/show_segments/${segment.id}/export`, { token });
      assert.equal(res.status, 200);
      const csv = await res.text();
      const header = csv.replace(/^\uFEFF/, "").split("\r\n")[0];
      const names = LANGUAGES.map((language) => translator(language)("export_csv.columns.transcript"));
      assert.ok(header.split(/[;,]/).some((column) => names.includes(column)), header);
      assert.ok(csv.includes("Salut la radio, voici ma vidéo."), csv);
      assert.ok(csv.includes("Quelle émission formidable"), csv);
    });
  },
});

Deno.test({
  name: "transcripts - closes the app and the stub",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await ctx.close();
    await stub.shutdown();
  },
});
