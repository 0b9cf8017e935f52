// A transcribed video plays in the inbox with its WebVTT subtitles, timed by the transcript's
// segments (the browser parses the track the /media route serves and shows its cues).
import assert from "node:assert/strict";
import { browserTest, loginAs, waitUntil } from "./_browser.ts";
import { makeMedia, randomSegment } from "../api/_participation.ts";

const SHOT_DIR = Deno.env.get("SUBTITLE_SHOTS"); // a folder for screenshots at 1280 and 375 px, when set

browserTest(
  "subtitles - a transcribed video plays with its subtitles in the inbox",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [op] = await server.sql<
      { channel_id: number }[]
    >`select channel_id from users where login = 'operator'`;
    const segment = await randomSegment(server.sql, op.channel_id, {
      type: "video",
      title: "Vos vidéos",
      media_type: "video",
    });
    const key = `participations/${crypto.randomUUID()}-web.mp4`;
    await server.deps.storage.put(key, await makeMedia("mp4", 4), "video/mp4");
    const [media] = await server.sql<{ id: string }[]>`
      insert into media (channel_id, kind, original_path, playable_path, status, content_type, duration_ms,
        transcript_segments)
      values (${op.channel_id}, 'video', ${key}, ${key}, 'ready', 'video/mp4', 4000, ${
      server.sql.json([
        { start: 0, end: 2, text: "Bonjour la matinale," },
        { start: 2, end: 4, text: "voici ma ville sous la neige." },
      ])
    }) returning id`;
    await server.sql`
      insert into messages (channel_id, segment_id, type, content, media_id, duration_ms, author_name, transcript)
      values (${op.channel_id}, ${segment.id}, 'video', '{}'::jsonb, ${media.id}, 4000, 'Zoé Lambert',
        'Bonjour la matinale, voici ma ville sous la neige.')`;
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${segment.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    await page.locator(".inbox-item").first().locator("button").click();
    const video = page.locator(".inbox-detail video");
    await video.waitFor();
    assert.equal(
      await video.locator("track").getAttribute("src"),
      `/media/participations/${media.id}-subtitles.vtt`,
    );
    // the track is shown by default: the browser loads and parses it
    const cues = await waitUntil(
      () =>
        video.evaluate((v: HTMLVideoElement) => {
          const track = v.textTracks[0];
          return track?.mode === "showing" && track.cues?.length
            ? [...track.cues].map((c) => [c.startTime, c.endTime, (c as VTTCue).text])
            : null;
        }),
      "the subtitles' cues",
      10_000,
    );
    assert.deepEqual(cues, [[0, 2, "Bonjour la matinale,"], [2, 4, "voici ma ville sous la neige."]]);
    // at 2.5 s the second cue is the active one
    await video.evaluate((v: HTMLVideoElement) => v.currentTime = 2.5);
    const active = await waitUntil(
      () =>
        video.evaluate((v: HTMLVideoElement) =>
          v.textTracks[0].activeCues?.length ? (v.textTracks[0].activeCues[0] as VTTCue).text : null
        ),
      "the active cue at 2.5 s",
      10_000,
    );
    assert.equal(active, "voici ma ville sous la neige.");
    if (SHOT_DIR) {
      await page.locator(".inbox-detail").screenshot({ path: `${SHOT_DIR}/subtitles-1280.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await video.evaluate((v: HTMLVideoElement) => v.currentTime = 0.5);
      await video.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOT_DIR}/subtitles-375.png` });
    }
    assert.deepEqual(consoleErrors, []);
  },
);
