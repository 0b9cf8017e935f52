// The recording screen shows the whole question, the camera before Record, and a
// progress bar while a finished recording plays.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, FAKE_MEDIA, recorded } from "./_browser.ts";
import { textContrast } from "./_contrast.ts";
import { MIN_CONTRAST } from "../../lib/rules/customisation.ts";
import { randomSegment } from "../api/_participation.ts";

const QUESTION =
  "Racontez-nous en vidéo votre plus beau souvenir de festival cet été : la scène, les amis, " +
  "la pluie ou le soleil, le concert qui vous a marqué et pourquoi vous aimeriez y retourner l'an prochain " +
  "avec toute la bande, en moins d'une minute et en regardant la caméra.";

for (const width of [375, 1280]) {
  browserTest(
    `recorder screen - the whole question, the camera before Record, playback progress and a Stop button at ${width}px`,
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
      // while it plays, the button stops it: the stop square and its label say so
      const stop = page.getByRole("button", { name: "Stop" });
      assert.equal(await stop.locator(".rec-label").textContent(), "Stop");
      assert.match((await stop.getAttribute("class"))!, /\brec-button-stop\b/);
      await shot(`playback-${width}`);
      await assertAccessible(page, "the finished recording");
      await stop.click();
      await page.getByRole("button", { name: "Play" }).waitFor();
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

browserTest(
  "recorder screen - the REC label and the choice numbers read at 4.5:1 in both widgets",
  async ({ page, baseUrl, server, shot }) => {
    const [radio] = await server.sql<
      { id: number }[]
    >`select id::int as id from channels order by id limit 1`;
    const [voice] = await server.sql<{ id: number }[]>`
      select id::int as id from segments where channel_id = ${radio.id} and status = 'published'
      and type = 'recording_question' and to_mode = 'permanent' order by id limit 1`;
    const [vote] = await server.sql<{ id: number }[]>`
      select id::int as id from segments where channel_id = ${radio.id} and status = 'published'
      and type = 'single_choice_question' order by id limit 1`;
    const ratios: Record<string, number> = {};

    // the channel widget: REC while recording
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
    await page.locator("[data-ready]").waitFor();
    await page.locator(`.cw-participate[href^="/widgets/${radio.id}/${voice.id}/"]`).dispatchEvent("click");
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await page.locator(".rec-dot").waitFor();
    await shot("rec-label-375");
    ratios["channel widget REC"] = await textContrast(page.locator(".rec-dot"));
    await page.getByRole("button", { name: "Stop" }).click();
    // the numbers of the choices, in the channel's colour and in a light one (white on it would not
    // read, nor dark ink on a mid one)
    for (const color of [null, "#f2c14e", "#7a7a7a"]) {
      if (color) await server.sql`update channels set widget_primary_color = ${color} where id = ${radio.id}`;
      const on = color ?? "the channel's colour";
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
      await page.locator("[data-ready]").waitFor();
      await page.locator(`.cw-participate[href^="/widgets/${radio.id}/${vote.id}/"]`).dispatchEvent("click");
      await page.locator(".cw-choice-n").first().waitFor();
      if (!color) await shot("choice-numbers-375");
      ratios[`channel widget choice number on ${on}`] = await textContrast(page.locator(".cw-choice-n"));
      await page.goto(`${baseUrl}/widgets/${radio.id}/${vote.id}/?lang=en`);
      await page.locator(".w-screen[data-ready] .w-init button").first().click();
      await page.locator(".w-choice-index").first().waitFor();
      ratios[`single widget choice number on ${on}`] = await textContrast(page.locator(".w-choice-index"));
    }
    await shot("single-choice-numbers-375");
    await page.goto(`${baseUrl}/widgets/${radio.id}/${voice.id}/?lang=en`);
    await page.locator(".w-screen[data-ready] .w-init button").first().click();
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await page.locator(".rec-dot").waitFor();
    ratios["single widget REC"] = await textContrast(page.locator(".rec-dot"));

    const low = Object.entries(ratios).filter(([, ratio]) => ratio < MIN_CONTRAST);
    assert.deepEqual(low, [], JSON.stringify(ratios));
  },
  { viewport: { width: 375, height: 740 }, chromiumArgs: FAKE_MEDIA },
);

browserTest(
  "recorder screen - the recorder and the text step show the interaction's question in both widgets",
  async ({ page, baseUrl, server, shot }) => {
    const [radio] = await server.sql<
      { id: number }[]
    >`select id::int as id from channels order by id limit 1`;
    const voiceQuestion = "Which song takes you back to your first summer job?";
    const textQuestion = "Tell us the word that sums up your week.";
    const voice = await randomSegment(server.sql, radio.id, {
      type: "recording_question",
      text: voiceQuestion,
      enable_written_answer: true,
      to_mode: "permanent",
    });
    const message = await randomSegment(server.sql, radio.id, {
      type: "message",
      text: textQuestion,
      to_mode: "permanent",
    });
    const question = page.locator(".w-question, .cw-question");

    // the single widget: the recorder, then the written answer
    await page.goto(`${baseUrl}/widgets/${radio.id}/${voice.id}/?lang=en`);
    await page.getByRole("button", { name: "Participate vocally" }).click();
    await page.locator(".recorder").waitFor();
    assert.equal((await question.textContent())?.trim(), voiceQuestion);
    await shot("single-recorder-question-375");
    await page.getByRole("button", { name: "Go back" }).click();
    await page.getByRole("button", { name: "Participate in writing" }).click();
    await page.locator("textarea").waitFor();
    assert.equal((await question.textContent())?.trim(), voiceQuestion);

    // the channel widget: the text step of a written-message interaction
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
    await page.locator("[data-ready]").waitFor();
    await page.locator(`.cw-participate[href^="/widgets/${radio.id}/${message.id}/"]`).dispatchEvent("click");
    await page.locator(".cw-flow textarea").waitFor();
    assert.equal((await question.textContent())?.trim(), textQuestion);
    await shot("channel-write-question-375");
  },
  { viewport: { width: 375, height: 740 }, chromiumArgs: FAKE_MEDIA },
);
