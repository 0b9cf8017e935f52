// The moderation queue is scanned, not watched: each pending video is a small player, so a queue of
// videos fits on the screen (a 640×360 video no longer takes 360 px of height per message).
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { Buffer } from "node:buffer";

browserTest(
  "moderation - a pending video is a small player in the queue",
  async ({ page, baseUrl, server }) => {
    const video = await Deno.makeTempFile({ suffix: ".webm" });
    const made = await new Deno.Command("ffmpeg", {
      args: [
        "-y",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        "color=c=blue:s=640x360:d=1",
        "-c:v",
        "libvpx",
        video,
      ],
    }).output();
    assert.ok(made.success, new TextDecoder().decode(made.stderr));
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
      select s.id, s.channel_id from segments s join users u on u.channel_id = s.channel_id
      where u.login = 'manager' and s.type = 'recording_question' order by s.id limit 1`;
    await server.sql`
      insert into messages (channel_id, segment_id, type, content, text, author_name, moderation)
      values (${seg.channel_id}, ${seg.id}, 'video', ${
      server.sql.json({ recording_url: "/test-video.webm" })
    },
        'Ma vidéo pour la matinale', 'Inès', 'pending')`;
    const bytes = await Deno.readFile(video);
    await page.route(
      "**/test-video.webm",
      (route) => route.fulfill({ status: 200, contentType: "video/webm", body: Buffer.from(bytes) }),
    );
    await page.goto(`${baseUrl}/moderation`);
    const player = page.locator(".moderation-item video.player-video").first();
    await player.waitFor();
    await page.waitForFunction(() =>
      (document.querySelector(".moderation-item video") as HTMLVideoElement)?.videoWidth > 0
    );
    const box = (await player.boundingBox())!;
    assert.ok(box.height <= 135 && box.width <= 240, `${box.width}×${box.height}`);
    await page.screenshot({ path: "tests/e2e/screenshots/moderation-video-1280.png" });
    await page.setViewportSize({ width: 375, height: 800 });
    const narrow = (await player.boundingBox())!;
    assert.ok(narrow.height <= 135 && narrow.x + narrow.width <= 375, `${narrow.width}×${narrow.height}`);
    await page.screenshot({ path: "tests/e2e/screenshots/moderation-video-375.png" });
    await Deno.remove(video);
  },
);
