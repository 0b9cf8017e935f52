// Issue 24 item 9: the recording screen shows the whole question, the camera before Record, and a
// progress bar while a finished recording plays.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, recorded } from "./_browser.ts";

const FAKE_MEDIA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];
const QUESTION =
  "Racontez-nous en vidéo votre plus beau souvenir de festival cet été : la scène, les amis, " +
  "la pluie ou le soleil, le concert qui vous a marqué et pourquoi vous aimeriez y retourner l'an prochain " +
  "avec toute la bande, en moins d'une minute et en regardant la caméra.";

for (const width of [375, 1280]) {
  browserTest(
    `recorder screen - the whole question, the camera before Record, playback progress at ${width}px`,
    async ({ page, baseUrl, server, shot }) => {
      const [video] = await server.sql<{ id: number; channel_id: number }[]>`
        select id::int as id, channel_id::int as channel_id from segments
        where title = 'Montrez-nous votre festival'`;
      await server.sql`update segments set to_mode = 'permanent', end_date = null, status = 'published',
        text = ${QUESTION}, start_date = now() - interval '1 day' where id = ${video.id}`;
      await page.goto(`${baseUrl}/widgets/channel/${video.channel_id}/?lang=en&interaction_id=${video.id}`);
      await page.locator("[data-ready]").waitFor();
      await page.locator(".cw-slide", { hasText: "Montrez-nous votre festival" })
        .getByRole("link", { name: "Participate" }).dispatchEvent("click");
      const question = page.locator(".cw-flow .cw-question");
      await question.waitFor();
      assert.ok(
        await question.evaluate((el) => el.scrollHeight <= el.clientHeight + 1),
        "the question is cut",
      );
      assert.equal((await question.textContent())?.trim(), QUESTION);
      // the camera shows before Record
      await page.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>(
          ".recorder[data-state='waiting'] .rec-video video",
        );
        return !!v && v.srcObject instanceof MediaStream && v.videoWidth > 0;
      });
      await shot(`preview-${width}`);
      await assertAccessible(page, "the recording screen");
      await page.getByRole("button", { name: "Record" }).click();
      await page.locator('.recorder[data-state="recording"]').waitFor();
      await recorded(page, 2);
      await page.getByRole("button", { name: "Stop" }).click();
      await page.locator('.recorder[data-state="finished"]').waitFor();
      const bar = page.getByRole("progressbar", { name: "Playback progress" });
      assert.equal(await bar.evaluate((el) => (el as HTMLProgressElement).value), 0);
      await page.getByRole("button", { name: "Play" }).click();
      await page.waitForFunction(() =>
        (document.querySelector(".rec-progress") as HTMLProgressElement).value > 0.3
      );
      await shot(`playback-${width}`);
      await assertAccessible(page, "the finished recording");
      // Start again: the camera shows again before the next Record
      await page.getByRole("button", { name: "Start recording again" }).click();
      await page.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>(
          ".recorder[data-state='waiting'] .rec-video video",
        );
        return !!v && v.srcObject instanceof MediaStream && (v.srcObject as MediaStream).active;
      });
    },
    { viewport: { width, height: 800 }, chromiumArgs: FAKE_MEDIA },
  );
}
