import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { probeResponse } from "./_participation.ts";
import { attachDemoMedia, DEMO_AUDIO_SECONDS, DEMO_VIDEO_SECONDS, hasFfmpeg } from "../../lib/media/demo.ts";

interface Played {
  id: number;
  type: string;
  duration_ms: number;
  transcript: string | null;
  content: { recording_url: string; duration: number };
  status: string;
  playable_path: string;
  delivery_mp3_path: string | null;
}

async function demoMessages(sql: Awaited<ReturnType<typeof testApp>>["sql"]) {
  return await sql<Played[]>`
    select m.id::int as id, m.type, m.duration_ms, m.transcript, m.content, x.status, x.playable_path,
      x.delivery_mp3_path
    from messages m left join media x on x.id = m.media_id
    where m.duration_ms is not null order by m.id`;
}

const near = (ms: number, seconds: readonly number[]) => seconds.some((s) => Math.abs(ms - s * 1000) < 200);

Deno.test({
  name: "demo media - with ffmpeg, every demo voice and video message plays a processed clip",
  ignore: !(await hasFfmpeg()),
  async fn() {
    const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
    try {
      const before = await demoMessages(ctx.sql);
      await attachDemoMedia(ctx.deps);
      const after = await demoMessages(ctx.sql);
      assert.equal(after.length, before.length);
      assert.ok(after.some((m) => m.type === "video") && after.some((m) => m.type === "recording_question"));
      for (const [i, m] of after.entries()) {
        assert.equal(m.status, "ready", `message ${m.id}`);
        assert.equal(m.transcript, before[i].transcript); // the demo transcripts stay
        assert.ok(near(m.duration_ms, m.type === "video" ? DEMO_VIDEO_SECONDS : DEMO_AUDIO_SECONDS));
        assert.equal(m.content.recording_url, `/media/${m.playable_path}`);
        assert.equal(m.content.duration, Math.round(m.duration_ms / 1000));
        assert.ok(m.delivery_mp3_path, "an mp3 for the studio");
      }
      // the three jingles take turns
      assert.equal(new Set(after.filter((m) => m.type !== "video").map((m) => m.playable_path)).size, 3);
      for (const type of ["recording_question", "video"]) {
        const m = after.find((m) => m.type === type)!;
        const played = await ctx.request(m.content.recording_url);
        assert.equal(played.status, 200);
        assert.equal(played.headers.get("content-type"), type === "video" ? "video/mp4" : "audio/mpeg");
        const info = await probeResponse(played, type === "video" ? ".mp4" : ".mp3");
        assert.equal(info.hasVideo, type === "video");
        assert.ok(Math.abs(info.durationMs! - m.duration_ms) < 200);
      }
    } finally {
      await ctx.close();
    }
  },
});

Deno.test("demo media - without ffmpeg, voice messages play the WAV and videos stay without a file", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    await attachDemoMedia(ctx.deps, { ffmpeg: false });
    const after = await demoMessages(ctx.sql);
    const voices = after.filter((m) => m.type === "recording_question");
    assert.ok(voices.length > 50);
    for (const m of voices) {
      assert.equal(m.status, "ready");
      assert.ok(m.playable_path.endsWith(".wav"));
      assert.equal(m.delivery_mp3_path, null);
      assert.ok(near(m.duration_ms, DEMO_AUDIO_SECONDS));
    }
    assert.ok(after.filter((m) => m.type === "video").every((m) => m.status === null));
    const played = await ctx.request(voices[0].content.recording_url);
    assert.equal(played.status, 200);
    assert.equal(played.headers.get("content-type"), "audio/wav");
    assert.equal(
      (await played.arrayBuffer()).byteLength,
      44 + Math.round(voices[0].duration_ms / 1000 * 22_050) * 2,
    );
  } finally {
    await ctx.close();
  }
});
