import assert from "node:assert/strict";
import { assertAccessible, browserTest, FAKE_MEDIA, loginAs, recorded } from "./_browser.ts";
import { startFtp } from "../_ftp.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import type { TestApp } from "../_helpers.ts";
import { attachDemoMedia, hasFfmpeg } from "../../lib/media/demo.ts";

const TONE = new URL("../fixtures/tone.mp3", import.meta.url).pathname;

/** Many more participations on the segment (most recent first), and a real audio file on the newest. */
async function prepare(server: TestApp) {
  const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
    select s.id, s.channel_id from segments s join messages m on m.segment_id = s.id
    where s.type = 'recording_question' group by s.id order by count(*) desc limit 1`;
  await server.sql`
    insert into messages (channel_id, segment_id, type, content, transcript, duration_ms, author_name, author_city,
      created_at, read)
    select ${seg.channel_id}, ${seg.id}, 'recording_question', '{}'::jsonb,
      'Message numéro ' || g || ' pour la matinale', 20000 + g * 10, 'Auditeur ' || g, 'Nantes',
      now() - interval '3 days' - g * interval '1 minute', g % 3 = 0
    from generate_series(1, 140) g`;
  const [target] = await server.sql<{ id: number; author_app_user_id: number }[]>`
    select id, author_app_user_id from messages where segment_id = ${seg.id} and author_app_user_id is not null
      and not liked and broadcast_status = 'none' and status = 'received' and moderation in ('none', 'approved')
    order by id limit 1`;
  const key = `messages/${seg.channel_id}/e2e-tone.mp3`;
  await server.deps.storage.put(key, await Deno.readFile(TONE), "audio/mpeg");
  const [media] = await server.sql<{ id: string }[]>`
    insert into media (channel_id, kind, original_path, playable_path, delivery_mp3_path, status, content_type,
      duration_ms)
    values (${seg.channel_id}, 'audio', ${key}, ${key}, ${key}, 'ready', 'audio/mpeg', 3000) returning id`;
  await server.sql`update messages set media_id = ${media.id}, duration_ms = 3000, read = false,
    created_at = now(), author_name = 'Zoé Lambert', transcript = 'Bonjour, une dédicace pour ma sœur Inès'
    where id = ${target.id}`;
  return { seg, target };
}

const pointsOf = async (server: TestApp, id: number) =>
  (await server.sql<{ points: number }[]>`select points from app_users where id = ${id}`)[0].points;

browserTest(
  "participations - an operator filters, searches, plays, replies, rewards, comments, archives, draws and delivers",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const ftp = await startFtp();
    try {
      const { seg, target } = await prepare(server);
      await server
        .sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
        ftp_password_enc = ${await encryptSecret(
        server.deps.jwtSecret,
        ftp.password,
      )}, ftp_folder = 'antenne',
        ftp_naming = '{segment}_{id}' where id = ${seg.channel_id}`;
      await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
      await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
      const inbox = page.locator('[data-island="MessageInbox"]');
      await inbox.getByRole("tab", { name: /All participations/ }).waitFor();
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]'); // a click before is lost
      assert.equal(await inbox.locator(".inbox-item").count(), 50);
      await page.getByText(/Page 1 of \d+/).waitFor();
      assert.equal(await page.locator('.sidebar a[aria-current="page"]').textContent(), "Participations");
      await shot("list-1280");

      // tabs
      // wait for the response registered before the click, or a quick answer is missed
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("filter=liked")),
        inbox.getByRole("tab", { name: /Liked/ }).click(),
      ]);
      const [{ n: liked }] = await server
        .sql`select count(*)::int as n from messages where segment_id = ${seg.id}
        and liked and status <> 'trash' and moderation in ('none','approved')`;
      // the rows are the liked ones, not the 50 rows of All still shown until the answer renders
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll(".inbox-item").length === Math.min(n, 50) &&
          !document.querySelector(".inbox-item:not(:has(.badge-liked))"),
        liked,
      );
      await inbox.getByRole("tab", { name: /All participations/ }).click();
      await page.waitForFunction(() =>
        document.querySelectorAll(".inbox-item").length === 50 &&
        !!document.querySelector(".inbox-item:not(:has(.badge-liked))")
      );

      // search (debounced)
      await inbox.getByLabel("Search").fill("Zoé Lamb");
      await page.waitForFunction(() => document.querySelectorAll(".inbox-item").length === 1, null, {
        timeout: 5000,
      });
      await inbox.getByLabel("Search").fill("");
      await page.waitForFunction(() => document.querySelectorAll(".inbox-item").length === 50);

      // open the newest (unread) message: read, playable, transcript
      const first = inbox.locator(".inbox-item").first();
      assert.match(await first.getAttribute("class") ?? "", /is-unread/);
      await first.locator("button").click();
      const detail = page.locator(".inbox-detail");
      await detail.getByRole("heading", { name: /Zoé Lambert/ }).waitFor();
      await detail.getByText("Bonjour, une dédicace pour ma sœur Inès").waitFor();
      assert.equal(await detail.locator(".player .duration").textContent(), "00:03");
      assert.match(
        await detail.locator(".inbox-date").textContent() ?? "",
        /^[A-Z][a-z]+day \d{2}\/\d{2}\/\d{4} -\d{2}:\d{2}$/,
      );
      await page.waitForFunction(() => !document.querySelector(".inbox-item.is-active.is-unread"));
      const [{ read }] = await server.sql`select read from messages where id = ${target.id}`;
      assert.equal(read, true);
      await detail.locator("audio").evaluate(async (audio: HTMLAudioElement) => {
        audio.muted = true;
        await audio.play();
      });
      await page.waitForFunction(
        () => document.querySelector<HTMLAudioElement>(".inbox-detail audio")!.currentTime > 0.2,
        null,
        { timeout: 5000 },
      ).catch(() => {});
      const played = await detail.locator("audio").evaluate((audio: HTMLAudioElement) => audio.currentTime);
      assert.ok(played > 0.2, `played ${played}s`);

      // reply by text: sent notice, then the reply is listed
      await detail.getByLabel("Write your reply").fill("Merci Zoé, c'est à l'antenne demain !");
      await detail.getByRole("button", { name: "Send", exact: true }).click();
      await detail.getByText("Reply sent").waitFor();
      await detail.locator(".inbox-reply-item", { hasText: "c'est à l'antenne demain" }).waitFor({
        timeout: 15_000,
      });
      assert.equal(await detail.getByLabel("Write your reply").inputValue(), "");

      // like and broadcast move the author's points
      const before = await pointsOf(server, target.author_app_user_id);
      await detail.getByRole("button", { name: /Like/ }).click();
      await detail.locator('button[aria-pressed="true"]', { hasText: "Like" }).waitFor();
      assert.equal(await pointsOf(server, target.author_app_user_id), before + 10);
      await detail.getByRole("button", { name: "Broadcast", exact: true }).click();
      await detail.locator('button[aria-pressed="true"]', { hasText: "Broadcast" }).waitFor();
      assert.equal(await pointsOf(server, target.author_app_user_id), before + 110);

      // private comment, saved 3 s after the last keystroke
      await detail.getByLabel("Private comment").fill("Rappeler avant 18 h");
      await detail.getByText("Comment saved").waitFor({ timeout: 15_000 });
      const [{ comment }] = await server.sql`select comment from messages where id = ${target.id}`;
      assert.equal(comment, "Rappeler avant 18 h");

      // cloud transfer: the mp3 arrives on the FTP server
      await detail.getByRole("button", { name: "Send to cloud transfer" }).click();
      await detail.getByRole("alert").filter({ hasText: "Success" }).waitFor();
      assert.deepEqual(
        await Deno.readFile(`${ftp.root}/antenne/${seg.id}_${target.id}.mp3`),
        await Deno.readFile(TONE),
      );
      await shot("detail-1280");

      // archive, then restore from the Archive tab
      await detail.getByRole("button", { name: "Archive", exact: true }).click();
      await detail.getByRole("button", { name: "Restore" }).waitFor();
      // the list reloads without it first: else the Archive tab check finds it still listed under All
      await page.waitForFunction(() =>
        !document.querySelector(".inbox-item .inbox-author")?.textContent?.includes("Zoé")
      );
      await inbox.getByRole("tab", { name: /Archive/ }).click();
      await inbox.locator(".inbox-item", { hasText: "Zoé Lambert" }).waitFor();
      await detail.getByRole("button", { name: "Restore" }).click();
      await detail.getByRole("button", { name: "Archive", exact: true }).waitFor();
      await page.waitForFunction(() =>
        !document.querySelector(".inbox-item .inbox-author")?.textContent?.includes("Zoé")
      );

      // draw a winner
      await inbox.getByRole("tab", { name: /All participations/ }).click();
      await inbox.getByRole("button", { name: "Draw winners…" }).click();
      const drawDialog = page.getByRole("dialog", { name: "Draw winners" });
      await drawDialog.getByRole("button", { name: "Continue" }).click();
      await drawDialog.getByRole("button", { name: "Draw 1 winner" }).click();
      await drawDialog.getByText(/^1 winner drawn among \d+\.$/).waitFor();
      await drawDialog.getByRole("button", { name: "Close" }).last().click();
      const [{ n: winners }] = await server.sql`select count(*)::int as n from messages
        where segment_id = ${seg.id} and winner`;
      assert.ok(winners >= 1);

      await page.goto(`${baseUrl}/moderation?lang=en`);
      await page.getByRole("heading", { name: /All moderated messages/ }).waitFor();
      // what the title's "moderated" means: messages waiting for a decision, said under it
      await page.getByText("These messages wait for your decision: approved, they show to listeners")
        .waitFor();
      await page.locator(".moderation-item").first().waitFor();
      await shot("moderation-1280");
      await page.getByLabel("Select all").check();
      await page.getByRole("button", { name: "Approve the selection" }).click();
      await page.getByText("No message awaiting moderation").waitFor();
      assert.deepEqual(consoleErrors, []);
    } finally {
      await ftp.close();
    }
  },
);

browserTest(
  "participations - phone layout: the list, then the open message with a way back, at 375px",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const { seg } = await prepare(server);
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.locator(".inbox-item").first().waitFor();
    await shot("list-375");
    await assertAccessible(page, "/participations at 375");
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]'); // a click before is lost
    await page.locator(".inbox-item button").first().click();
    await page.locator(".inbox-detail h2").waitFor();
    assert.equal(await page.locator(".inbox-list-pane").isVisible(), false);
    await shot("detail-375");
    await assertAccessible(page, "the open message at 375");
    await page.getByRole("button", { name: /Back to the list/ }).click();
    await page.locator(".inbox-list-pane").waitFor();
    await page.goto(`${baseUrl}/moderation?lang=en`);
    await page.locator(".moderation-item").first().waitFor();
    await shot("moderation-375");
    await assertAccessible(page, "/moderation at 375");
    if (await hasFfmpeg()) {
      // a video message (the demo's test card): its mm:ss stays beside the player, inside the card
      await attachDemoMedia(server.deps);
      const [video] = await server.sql<{ segment_id: number }[]>`
        select segment_id from messages where type = 'video' and media_id is not null order by created_at desc limit 1`;
      await page.goto(`${baseUrl}/participations/${video.segment_id}?lang=en`);
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item button").first().click();
      await page.locator(".inbox-detail video").waitFor();
      const player = (await page.locator(".inbox-detail .player").boundingBox())!;
      const duration = (await page.locator(".inbox-detail .player .duration").boundingBox())!;
      assert.ok(
        duration.x + duration.width <= player.x + player.width,
        "the duration is inside the player row",
      );
      await shot("video-375");
    }
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "participations - an operator replies by voice with the recorder",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const { seg } = await prepare(server);
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    await page.locator(".inbox-item button").first().click();
    const detail = page.locator(".inbox-detail");
    await detail.locator("h2").waitFor();
    await detail.getByRole("radio", { name: "Voice or video" }).check();
    const recorder = detail.locator(".recorder");
    await recorder.waitFor();
    // one way to send at a time: no greyed form button beside the recorder
    const sendButtons = () => detail.locator(".inbox-reply").getByRole("button", { name: /^Send/ });
    assert.deepEqual(await sendButtons().allTextContents(), ["Send the recording"]);
    await recorder.getByRole("button", { name: "Record", exact: true }).click();
    await page.locator('.recorder[data-state="recording"]').waitFor();
    await recorded(page, 1);
    await recorder.getByRole("button", { name: "Stop", exact: true }).click();
    await page.locator('.recorder[data-state="finished"]').waitFor();
    assert.deepEqual(await sendButtons().allTextContents(), ["Send the recording"]);
    await shot("voice-reply-1280");
    await recorder.getByRole("button", { name: "Send the recording" }).click();
    await detail.getByText("Reply sent").waitFor();
    const [reply] = await server.sql<{ message_id: number; media_id: string | null; type: string }[]>`
      select message_id, media_id, type from replies order by id desc limit 1`;
    assert.ok(reply.media_id, "the recording is stored as the reply's media");
    assert.equal(reply.type, "voice");
    assert.deepEqual(consoleErrors, []);
  },
  { chromiumArgs: FAKE_MEDIA },
);
