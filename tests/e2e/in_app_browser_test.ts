// The overlay that sends Facebook and Instagram in-app browsers to a real browser on voice and video
// interactions (visitor widget §"in-app browsers"). The page is the same HTML for every browser (so a CDN
// can cache it); the island decides from the user agent once it runs.
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";
import { randomSegment } from "../api/_participation.ts";

browserTest(
  "in-app browser - Instagram's browser gets the overlay on the recorder of a voice interaction, others do not",
  async ({ browser, baseUrl, server, consoleErrors }) => {
    const [{ id: channel }] = await server.sql<{ id: number }[]>`
      select channel_id::int as id from users where login = 'manager'`;
    const seg = await randomSegment(server.sql, channel, { type: "recording_question" });
    const url = `${baseUrl}/widgets/${channel}/${seg.id}/?lang=en`;
    for (
      const [userAgent, overlay] of [["Mozilla/5.0 Instagram 300.0", true], ["Mozilla/5.0 Chrome/130", false]]
    ) {
      const context = await browser.newContext({
        userAgent: String(userAgent),
        viewport: { width: 375, height: 740 },
      });
      const page = await context.newPage();
      page.on("pageerror", (error) => consoleErrors.push(String(error)));
      await page.goto(url);
      await page.waitForSelector("[data-hydrated]");
      // the overlay's code is fetched once the island knows the browser: it is awaited, not counted at once
      if (overlay) {
        await page.getByRole("button", { name: "Participate vocally" }).click();
        await page.getByText("You are almost there !").waitFor();
        await page.getByText("2. Click on Open in ... your usual browser.").waitFor();
      } else {
        await page.getByRole("button", { name: "Participate vocally" }).click();
        await page.locator(".recorder").waitFor();
        await page.waitForLoadState("networkidle");
        assert.equal(await page.getByText("You are almost there !").count(), 0, String(userAgent));
      }
      await context.close();
    }
    assert.deepEqual(consoleErrors, []);
  },
);

browserTest(
  "in-app browser - the overlay covers the recorder only: writing stays open, and the listener can close it",
  async ({ browser, baseUrl, server, consoleErrors }) => {
    const [{ id: channel }] = await server.sql<{ id: number }[]>`
      select channel_id::int as id from users where login = 'manager'`;
    const seg = await randomSegment(server.sql, channel, { type: "recording_question" });
    await server.sql`update segments set enable_written_answer = true where id = ${seg.id}`;
    const context = await browser.newContext({
      userAgent: "Mozilla/5.0 Instagram 300.0",
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    page.on("pageerror", (error) => consoleErrors.push(String(error)));
    const overlay = page.getByRole("dialog", { name: "You are almost there !" });

    // the first screen: both ways to take part, nothing over them; writing works as in any browser
    await page.goto(`${baseUrl}/widgets/${channel}/${seg.id}/?lang=en`);
    await page.locator(".w-screen[data-ready]").waitFor();
    await page.waitForLoadState("networkidle");
    assert.equal(await overlay.count(), 0, "no overlay on the first screen");
    await page.getByRole("button", { name: "Participate in writing" }).click();
    await page.locator("textarea").waitFor();
    assert.equal(await overlay.count(), 0, "no overlay on the writing screen");
    await page.locator("textarea").fill("Written from Instagram");

    // the recorder: the overlay, which says how to open a real browser, and closes on "Stay here"
    await page.goto(`${baseUrl}/widgets/${channel}/${seg.id}/?lang=en`);
    await page.getByRole("button", { name: "Participate vocally" }).click();
    await overlay.waitFor();
    await page.screenshot({
      path: new URL("./screenshots/in-app-overlay-375.png", import.meta.url).pathname,
    });
    await page.waitForFunction(() => document.activeElement?.textContent === "Stay here");
    await page.getByRole("button", { name: "Stay here" }).click();
    await overlay.waitFor({ state: "detached" });
    await page.locator(".recorder").waitFor();
    await context.close();
    assert.deepEqual(consoleErrors, []);
  },
);
