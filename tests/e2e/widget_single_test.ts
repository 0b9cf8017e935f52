import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, FAKE_MEDIA, recorded, settled, waitUntil } from "./_browser.ts";
import type { TestApp } from "../_helpers.ts";
import { Buffer } from "node:buffer";
import { makeMedia, probeResponse, randomSegment } from "../api/_participation.ts";

/** Screenshots of the current screen at 375 and 1280 px wide. */
async function shots(page: Page, shot: (label: string) => Promise<void>, label: string) {
  // the screen has faded in (§9: 200 ms out, 50 ms in)
  await page.waitForFunction(() => !document.querySelector(".w-screen.is-out"));
  await settled(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await shot(`${label}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(`${label}-1280`);
  await page.setViewportSize({ width: 375, height: 740 });
}

async function radioId(server: TestApp): Promise<number> {
  const [row] = await server.sql<{ id: number }[]>`select id::int as id from channels order by id limit 1`;
  return row.id;
}

browserTest(
  "widget single - voice, text, votes, multiple choice, registration game",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const channel = await radioId(server);
    const open = async (segmentId: number, query = "") => {
      await page.goto(`${baseUrl}/widgets/${channel}/${segmentId}/?lang=en&ref=e2e-site${query}`);
      await page.waitForSelector('[data-island="SingleWidget"] .w-screen[data-ready] .w-init');
    };
    await page.setViewportSize({ width: 375, height: 740 });

    // 1. voice: record with the fake microphone, stop, send; the media is processed to a playable mp3
    const voice = await randomSegment(server.sql, channel, {
      type: "recording_question",
      title: "Your morning dedication",
      text: "Leave us a voice message to dedicate a song to someone you love.",
      limit_1_vote: false,
      max_recording_time: 20,
      background_url: "/static/backgrounds/bg-2.jpg",
      background_kind: "image",
    });
    await open(voice.id);
    await shots(page, shot, "voice-init");
    await page.getByRole("button", { name: "Participate vocally" }).click();
    await page.getByRole("button", { name: "Record" }).click();
    await page.locator('.recorder[data-state="recording"]').waitFor();
    assert.equal(await page.getByRole("button", { name: "Send my participation" }).isDisabled(), true);
    await recorded(page, 1);
    await shots(page, shot, "voice-recording");
    await page.getByRole("button", { name: "Stop" }).click();
    await page.locator('.recorder[data-state="finished"]').waitFor();
    assert.match(await page.locator(".rec-timer").textContent() ?? "", /^00:0[1-9]\.\d\d$/);
    await page.getByRole("button", { name: "Start recording again" }).waitFor();
    await shots(page, shot, "voice-finished");
    await page.getByRole("button", { name: "Send my participation" }).click();
    await page.getByText("Sending in progress").waitFor();
    await shots(page, shot, "voice-sending");
    await page.getByText("Participation sent").waitFor({ timeout: 20_000 });
    await shots(page, shot, "voice-thanks");
    const media = await waitUntil(
      async () => {
        const [row] = await server.sql`select m.site_ref, m.content, m.processing_status, x.kind
        from messages m join media x on x.id = m.media_id
        where m.segment_id = ${voice.id} and m.processing_status = 'done'`;
        return row;
      },
      "the voice message processed",
      45_000,
    );
    assert.equal(media.kind, "audio");
    assert.equal(media.site_ref, "e2e-site");
    const played = await fetch(`${baseUrl}${media.content.recording_url}`);
    assert.equal(played.headers.get("content-type"), "audio/mpeg");
    const info = await probeResponse(played);
    assert.equal(info.hasAudio, true);
    assert.ok((info.durationMs ?? 0) > 800, `duration ${info.durationMs}`);

    // 2. text with information to gather: the error box, then the message is stored
    const text = await randomSegment(server.sql, channel, {
      type: "message",
      title: "Ask our guest",
      text: "Every Thursday a guest answers your questions live.",
      limit_1_vote: false,
      gather_information: true,
      information_to_gather: {
        first_name: { active: true, mandatory: true },
        city: { active: true, mandatory: false },
      },
    });
    await open(text.id);
    await page.getByRole("button", { name: "Participate", exact: true }).click();
    const area = page.getByPlaceholder("Write here your message");
    await area.waitFor();
    assert.equal(await page.getByRole("button", { name: "Send" }).isDisabled(), true);
    await area.fill("What is your favourite song of the summer?");
    await shots(page, shot, "write");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("First name (required)").waitFor();
    await page.getByText("City (optional)").waitFor();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Error(s) in the form").waitFor();
    await page.getByText("Missing required First name field").waitFor();
    await shots(page, shot, "gather-errors");
    await page.getByLabel("First name").fill("Ana");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Participation sent").waitFor({ timeout: 15_000 });
    const [written] = await server.sql`select text, author_name, extra_user_information from messages
      where segment_id = ${text.id}`;
    assert.equal(written.text, "What is your favourite song of the summer?");
    assert.equal(written.author_name, "Ana");

    // 3. a vote, its results (0 % hidden), then the same device again: already participated
    const vote = await randomSegment(server.sql, channel, {
      title: "Summer hit",
      text: "Which song will be the hit of the summer?",
      background_url: "/static/backgrounds/bg-3.jpg",
      background_kind: "image",
    }, ["Sunny August", "White nights", "Dance again"]);
    await open(vote.id);
    await page.getByRole("button", { name: "Participate in the survey" }).click();
    await page.getByText("What is your choice?").waitFor();
    assert.equal(await page.getByRole("button", { name: "Send" }).isDisabled(), true);
    await page.getByText("White nights").click();
    await page.getByText("Confirm your choice").waitFor();
    await shots(page, shot, "voting");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Participation sent").waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "See the results" }).waitFor({ timeout: 5000 });
    await shots(page, shot, "vote-thanks");
    await page.getByRole("button", { name: "See the results" }).click();
    await page.getByText("For now, the results are:").waitFor();
    assert.equal(await page.locator(".w-bar").count(), 1);
    assert.match(await page.locator(".w-bar").textContent() ?? "", /White nights.*100 %/);
    await shots(page, shot, "results");
    await open(vote.id);
    await page.getByRole("button", { name: "Participate in the survey" }).click();
    await page.getByText("Sunny August").click();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("You have already taken part, and only one participation is allowed.").waitFor({
      timeout: 15_000,
    });
    await shots(page, shot, "vote-already");
    const [{ n }] = await server.sql`select count(*)::int as n from messages where segment_id = ${vote.id}`;
    assert.equal(n, 1);

    // 4. multiple choice with 7 choices: 5 per page, several picks across pages
    const labels = [
      "Traffic",
      "Weekend weather",
      "Local sport",
      "Culture",
      "Jobs",
      "Environment",
      "Good deals",
    ];
    const multi = await randomSegment(server.sql, channel, {
      type: "multiple_choice_question",
      title: "Your topics for tomorrow",
      text: "Which topics do you want to hear tomorrow morning?",
    }, labels);
    await open(multi.id);
    await page.getByRole("button", { name: "Participate in the survey" }).click();
    await page.getByText("Traffic").waitFor();
    assert.equal(await page.locator(".w-choice").count(), 5);
    await page.getByText("Traffic").click();
    await page.getByText("Culture").click();
    await shots(page, shot, "multiple-page1");
    await page.getByRole("button", { name: "See other choices" }).click();
    await page.getByText("Good deals").click();
    assert.equal(await page.locator(".w-choice").count(), 2);
    await page.getByRole("button", { name: "Previous choices" }).waitFor();
    await shots(page, shot, "multiple-page2");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Participation sent").waitFor({ timeout: 15_000 });
    const [picked] = await server
      .sql`select choice_ids::int[] as ids from messages where segment_id = ${multi.id}`;
    assert.deepEqual(
      [...picked.ids].sort(),
      [multi.choiceIds[0], multi.choiceIds[3], multi.choiceIds[6]].sort(),
    );

    // 5. a registration game with mandatory fields and both consents
    const game = await randomSegment(server.sql, channel, {
      type: "game",
      game_type: "registration",
      title: "Win two tickets",
      text: "Register to win two tickets for the concert.",
      gather_information: true,
      information_to_gather: {
        first_name: { active: true, mandatory: true },
        name: { active: true, mandatory: true },
        phone: { active: true, mandatory: false },
      },
      is_gdpr_consent: true,
      is_image_right_consent: true,
      show_results: false,
    });
    await open(game.id);
    await page.getByRole("button", { name: "Participate", exact: true }).click();
    await page.getByLabel("First name").fill("Lou");
    await page.getByLabel("Name (required)", { exact: true }).fill("Martin");
    await page.getByRole("switch").check();
    await shots(page, shot, "gather");
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator('input[name="consent_gdpr"]').waitFor();
    const sendConsent = page.getByRole("button", { name: "Send" });
    assert.equal(await sendConsent.isDisabled(), true);
    await page.locator('input[name="consent_gdpr"]').check();
    assert.equal(await sendConsent.isDisabled(), true);
    await page.locator('input[name="consent_image_right"]').check();
    await shots(page, shot, "consent");
    await sendConsent.click();
    await page.getByText("Participation sent").waitFor({ timeout: 15_000 });
    const [registered] = await server.sql`select only_user_data, consent_gdpr, consent_image_right,
      extra_user_information from messages where segment_id = ${game.id}`;
    assert.equal(registered.only_user_data, true);
    assert.equal(registered.consent_gdpr, true);
    assert.equal(registered.consent_image_right, true);
    assert.deepEqual(registered.extra_user_information, { first_name: "Lou", name: "Martin" });
    const remembered = await page.evaluate(() => localStorage.getItem("interaction-manager.information"));
    assert.deepEqual(JSON.parse(remembered!), { first_name: "Lou", name: "Martin" });

    // unknown and ended interactions
    const missing = await page.goto(`${baseUrl}/widgets/${channel}/999999/?lang=en`);
    assert.equal(missing?.status(), 404);
    await page.getByText("This interaction does not exist.").waitFor();
    const ended = await randomSegment(server.sql, channel, { end_date: new Date(Date.now() - 1000) }, ["A"]);
    const gone = await page.goto(`${baseUrl}/widgets/${channel}/${ended.id}/?lang=en`);
    assert.equal(gone?.status(), 410);
    await page.getByText("Sorry this interaction is no longer available.").waitFor();
    await shots(page, shot, "unavailable");
    // the share link leads to the widget
    await page.goto(`${baseUrl}/s/${vote.uuid}?lang=en`);
    assert.match(page.url(), new RegExp(`/widgets/${channel}/${vote.id}/\\?lang=en$`));
    assert.deepEqual(consoleErrors.filter((e) => !/status of 4\d\d/.test(e)), []);
  },
  { chromiumArgs: FAKE_MEDIA, jobs: true, viewport: { width: 375, height: 740 } },
);

browserTest(
  "widget single - video and in-app browser",
  async ({ page, baseUrl, server, shot }) => {
    const channel = await radioId(server);
    const video = await randomSegment(server.sql, channel, {
      type: "video",
      media_type: "video",
      title: "Show us your festival",
      text: "Send a short video of your summer festival.",
      limit_1_vote: false,
      enable_audio_answer: true,
      enable_written_answer: true,
    });
    await page.goto(`${baseUrl}/widgets/${channel}/${video.id}/?lang=en&background=203040`);
    await page.waitForSelector(".w-screen[data-ready]");
    await page.getByRole("button", { name: "Participate in video" }).waitFor();
    await page.getByRole("button", { name: "In voice" }).waitFor();
    await page.getByRole("button", { name: "Writing" }).waitFor();
    await shots(page, shot, "video-init");
    await page.getByRole("button", { name: "Participate in video" }).click();
    await page.getByRole("button", { name: "Record" }).click();
    await page.locator('.recorder[data-state="recording"]').waitFor();
    await recorded(page, 1);
    await shots(page, shot, "video-recording");
    await page.getByRole("button", { name: "Stop" }).click();
    await page.locator('.recorder[data-state="finished"]').waitFor();
    await page.getByRole("button", { name: "Send my participation" }).click();
    await page.getByText("Participation sent").waitFor({ timeout: 30_000 });
    const row = await waitUntil(
      async () => {
        const [r] = await server.sql`select x.kind, x.playable_path, x.poster_path from messages m
        join media x on x.id = m.media_id where m.segment_id = ${video.id} and m.processing_status = 'done'`;
        return r;
      },
      "the video processed",
      60_000,
    );
    assert.equal(row.kind, "video");
    assert.match(row.playable_path, /\.mp4$/);
    assert.match(row.poster_path, /\.jpg$/);

    // a video file from the gallery: preview, then sent by tus and processed
    await page.goto(`${baseUrl}/widgets/${channel}/${video.id}/?lang=en`);
    await page.waitForSelector(".w-screen[data-ready]");
    await page.locator('input[type="file"]').setInputFiles({
      name: "festival.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from(await makeMedia("mp4", 1)),
    });
    await page.locator(".w-preview video").waitFor();
    await shots(page, shot, "video-uploaded");
    await page.getByRole("button", { name: "Send my participation" }).click();
    await page.getByText("Participation sent").waitFor({ timeout: 30_000 });
    await waitUntil(
      async () => {
        const [r] = await server.sql`select count(*)::int as n from messages
        where segment_id = ${video.id} and processing_status = 'done'`;
        return r.n === 2 ? r : null;
      },
      "the gallery video processed",
      60_000,
    );

    const inApp = await page.context().browser()!.newPage({
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) [FBAN/FBIOS;FBAV/450.0]",
      viewport: { width: 375, height: 740 },
    });
    await inApp.goto(`${baseUrl}/widgets/${channel}/${video.id}/?lang=en`);
    // the overlay covers the recorder only: the first screen's choices stay usable
    await inApp.getByRole("button", { name: "Participate in video" }).click();
    await inApp.getByText("You are almost there !").waitFor();
    await inApp.getByText("1. Click on the dots").waitFor();
    await inApp.screenshot({
      path: new URL("./screenshots/widget-single-in-app-375.png", import.meta.url).pathname,
      fullPage: true,
    });
    await inApp.close();
  },
  { chromiumArgs: FAKE_MEDIA, jobs: true, viewport: { width: 375, height: 740 } },
);

browserTest(
  "widget single - refused microphone, no camera, testimonial",
  async ({ page, baseUrl, server, shot }) => {
    const channel = await radioId(server);
    const voice = await randomSegment(server.sql, channel, {
      type: "recording_question",
      limit_1_vote: false,
    });
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
    await page.context().clearPermissions();
    await page.goto(`${baseUrl}/widgets/${channel}/${voice.id}/?lang=en`);
    await page.waitForSelector(".w-screen[data-ready]");
    await page.getByRole("button", { name: "Participate vocally" }).click();
    await page.getByRole("button", { name: "Record" }).click();
    await waitUntil(() => Promise.resolve(alerts.length > 0), "the alert", 10_000);
    assert.deepEqual(alerts, [
      "It is not possible to record your content. Refresh or change your browser settings.",
    ]);
    await page.locator('.recorder[data-state="waiting"]').waitFor();

    // a browser without MediaRecorder (Safari without camera support): change browser or import a video
    const video = await randomSegment(server.sql, channel, {
      type: "video",
      media_type: "video",
      limit_1_vote: false,
    });
    const safari = await page.context().browser()!.newPage({ viewport: { width: 375, height: 740 } });
    await safari.addInitScript(() => {
      // deno-lint-ignore no-explicit-any -- removing a browser API to imitate an old Safari
      delete (globalThis as any).MediaRecorder;
    });
    await safari.goto(`${baseUrl}/widgets/${channel}/${video.id}/?lang=en`);
    await safari.getByText("Your browser cannot record video here. Change browser or import a video.")
      .waitFor();
    assert.equal(await safari.getByRole("button", { name: "Participate in video" }).count(), 0);
    await safari.getByText("Import a file").waitFor();
    await safari.close();

    // a vote with a written testimonial: thanks shows the prompt, the answer is a second message
    const vote = await randomSegment(server.sql, channel, {
      testimonial_demanded: true,
      testimonial: "Tell us why you chose it!",
      testimonial_format: "text",
    }, ["Yes", "No"]);
    await page.goto(`${baseUrl}/widgets/${channel}/${vote.id}/?lang=en`);
    await page.waitForSelector(".w-screen[data-ready]");
    await page.getByRole("button", { name: "Participate in the survey" }).click();
    await page.getByText("Yes").click();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Tell us why you chose it!").waitFor({ timeout: 15_000 });
    await shots(page, shot, "testimonial");
    await page.getByRole("button", { name: "Write my answer" }).click();
    await page.getByPlaceholder("Write here your message").fill("Because it is sunny.");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Participation sent").waitFor({ timeout: 15_000 });
    const rows = await server
      .sql`select is_testimonial, text from messages where segment_id = ${vote.id} order by id`;
    assert.deepEqual(rows.map((r) => [r.is_testimonial, r.text]), [[false, null], [
      true,
      "Because it is sunny.",
    ]]);
  },
  { chromiumArgs: ["--use-fake-device-for-media-stream"], viewport: { width: 375, height: 740 } },
);
