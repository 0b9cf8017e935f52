// On a busy phone the microphone starts capturing some time after Record is pressed. The widget says
// "recording" (and its timer runs) only once the recorder has started, so a listener who speaks when told loses
// none of it: here the browser's recorder starts 700 ms late, and a voice message recorded for 1.5 s on the
// widget's timer still lasts at least 1.3 s once processed.
import assert from "node:assert/strict";
import { browserTest, FAKE_MEDIA, waitUntil } from "./_browser.ts";
import { probeResponse, randomSegment } from "../api/_participation.ts";

const LATE_MS = 700;

browserTest(
  "recorder - the timer starts when the microphone does, so a late start loses no word",
  async ({ page, baseUrl, server }) => {
    const [channel] = await server.sql<
      { id: number }[]
    >`select id::int as id from channels order by id limit 1`;
    const voice = await randomSegment(server.sql, channel.id, {
      type: "recording_question",
      title: "Your morning dedication",
      max_recording_time: 20,
    });
    await page.addInitScript((late) => {
      const start = MediaRecorder.prototype.start;
      MediaRecorder.prototype.start = function (this: MediaRecorder, ...args: [number?]) {
        setTimeout(() => start.apply(this, args), late);
      };
    }, LATE_MS);
    await page.goto(`${baseUrl}/widgets/${channel.id}/${voice.id}/?lang=en`);
    await page.waitForSelector('[data-island="SingleWidget"] .w-screen[data-ready] .w-init');
    await page.getByRole("button", { name: "Participate vocally" }).click();
    await page.getByRole("button", { name: "Record" }).click();
    await page.locator('.recorder[data-state="recording"]').waitFor();
    await page.waitForFunction(() =>
      /^00:0(1\.[5-9]|[2-9])/.test(document.querySelector(".rec-timer")?.textContent ?? "")
    );
    await page.getByRole("button", { name: "Stop" }).click();
    await page.locator('.recorder[data-state="finished"]').waitFor();
    await page.getByRole("button", { name: "Send my participation" }).click();
    await page.getByText("Participation sent").waitFor({ timeout: 30_000 });
    const media = await waitUntil(
      async () => {
        const [row] = await server.sql`select m.content from messages m
          where m.segment_id = ${voice.id} and m.processing_status = 'done'`;
        return row;
      },
      "the voice message processed",
      45_000,
    );
    const info = await probeResponse(await fetch(`${baseUrl}${media.content.recording_url}`));
    assert.ok((info.durationMs ?? 0) >= 1_300, `a 1.5 s recording lasts ${info.durationMs} ms`);
  },
  { chromiumArgs: FAKE_MEDIA, viewport: { width: 375, height: 740 }, jobs: true },
);
