// "Messages are private unless shared": the thanks screen's Share gives a link (with the
// message's share token, never its id) that opens the shared view for anyone; before the Share, the
// message is not readable.
import assert from "node:assert/strict";
import { browserTest, FAKE_MEDIA, loginAs, waitUntil } from "./_browser.ts";

const VOICE = "Votre dédicace du matin";
const SHOTS = new URL("./screenshots/", import.meta.url).pathname;

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `share - the thanks screen's Share gives a link that opens the shared view at ${viewport.width}px`,
    async ({ page, browser, baseUrl, server, shot, consoleErrors }) => {
      const w = viewport.width;
      const [radio] = await server.sql<
        { id: number }[]
      >`select id::int as id from channels order by id limit 1`;
      const [voice] = await server.sql<{ id: number }[]>`
        update segments set registration_required = false where title = ${VOICE} returning id::int as id`;
      await server.sql`update channels set sharing_enabled = true where id = ${radio.id}`;

      // a voice message: Record, at least a second, Stop, Send, the thanks screen with Share
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&interaction_id=${voice.id}`);
      await page.locator("[data-ready]").waitFor();
      await page.getByRole("link", { name: "Participate" }).first().click();
      await page.getByRole("button", { name: "Record" }).click();
      await page.locator(".rec-dot").waitFor();
      await page.waitForFunction(() =>
        /^00:0[1-9]/.test(document.querySelector(".rec-timer")?.textContent ?? "")
      );
      await page.getByRole("button", { name: "Stop" }).click();
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByRole("button", { name: "Send without registering" }).click();
      await page.getByLabel("Pseudonym").fill(`Sharer${w}`);
      await page.getByRole("dialog").getByRole("button", { name: "Send" }).click();
      await page.getByText("Message sent").waitFor({ timeout: 30_000 });
      const [sent] = await server.sql<{ id: number; token: string }[]>`
        select id::int as id, share_token::text as token from messages
        where segment_id = ${voice.id} order by id desc limit 1`;
      // not shared yet: nobody reads it, by token or by id
      assert.equal((await page.request.get(`${baseUrl}/api/v1/interactions/${sent.token}`)).status(), 404);
      assert.equal((await page.request.get(`${baseUrl}/api/v1/interactions/${sent.id}`)).status(), 404);
      await shot(`thanks-${w}`);

      // Share: the link is copied (no Web Share in this browser) and an alert says so
      page.on("dialog", (dialog) => dialog.accept());
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`/api/v1/interactions/${sent.token}/share`)),
        page.getByRole("button", { name: "Share" }).click(),
      ]);
      assert.equal(response.status(), 200);
      const { url } = await response.json();
      assert.equal(url, `${baseUrl}/widgets/channel/${radio.id}/?s=${sent.token}`);
      assert.ok(!url.includes(`s=${sent.id}&`) && !url.endsWith(`s=${sent.id}`), "the link has no id");

      // the recording is processed before it plays (the test ends with no media job running)
      await waitUntil(
        async () =>
          (await server.sql`select 1 from messages where id = ${sent.id} and processing_status = 'done'`)
            .length > 0,
        "the recording processed",
      );

      // anyone opens the link (another browser context, nothing stored): the shared view and its player
      const visitor = await browser.newContext({ viewport });
      const other = await visitor.newPage();
      await other.goto(`${url}&lang=en`);
      await other.getByText("Message posted on").waitFor();
      await other.getByText(`Sharer${w}`).waitFor(); // the pseudonym, nothing else of the author
      await other.locator("[data-hydrated], [data-ready]").first().waitFor();
      await other.locator("audio.cw-player").waitFor({ state: "attached" });
      await other.screenshot({ path: `${SHOTS}share-shared-view-${w}.png`, fullPage: true });
      await other.getByRole("button", { name: "I want to participate too" }).click();
      await other.locator(".cw-slide").first().waitFor();
      // the old numeric link opens no message
      const old = await other.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&s=${sent.id}`);
      assert.equal(old?.status(), 404);
      assert.equal(await other.getByText("Message posted on").count(), 0);
      await visitor.close();

      // staff: the message detail says the message is public and links to the shared view; others are private
      await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
      await page.goto(`${baseUrl}/participations/${voice.id}?lang=en`);
      // a click before the inbox's script runs opens nothing
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      const items = page.locator(".inbox-item");
      await items.first().locator("button").click();
      const detail = page.locator(".inbox-detail");
      const link = detail.getByRole("link", { name: "open the shared view" });
      await link.waitFor();
      assert.equal(await link.getAttribute("href"), `/widgets/channel/${radio.id}/?s=${sent.token}`);
      await shot(`staff-public-${w}`);
      // on a phone the detail covers the list: back to it first
      if (w < 800) await detail.locator(".inbox-back").click();
      await items.nth(1).locator("button").click();
      await detail.getByText("Private: only the channel’s staff can read this message.").waitFor();
      assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
    },
    { chromiumArgs: FAKE_MEDIA, jobs: true, viewport },
  );
}
