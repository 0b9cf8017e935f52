// Dates and times are read and typed as the page writes them (DD/MM/YYYY, a 24-hour HH:mm), not in the
// browser's own order: a French staff member on an English (United States) browser in New York types
// "14/07/2026" and "14:05" on the channel's clock, and the forms send what they always sent. The preview of
// the widget on the edit page speaks the staff member's language too. Walked in Chromium.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { assertAccessible, browserTest, loginAs, waitUntil } from "./_browser.ts";
import { translator } from "../../app/i18n.ts";
import type { TestApp } from "../_helpers.ts";

const SHOTS = "/tmp/shots-dates";
const fr = translator("fr");

/** A page of a browser set to English (United States) in New York: its native fields say mm/dd/yyyy, AM/PM. */
async function englishBrowser(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    locale: "en-US",
    timezoneId: "America/New_York",
    viewport: { width, height: 800 },
    extraHTTPHeaders: { "accept-language": "en-US,en;q=0.9" },
  });
  return await context.newPage();
}

/** The manager, speaking French in the back office. */
async function frenchManager(page: Page, server: TestApp, baseUrl: string) {
  await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
  await server.sql`update users set language = 'fr' where login = 'manager'`;
}

for (const width of [375, 1280]) {
  browserTest(
    `interaction edit page - a French staff member on an English browser types 14/07/2026 and 14:05 on the channel's clock, and sees the preview in French (${width} px)`,
    async ({ browser, baseUrl, server, consoleErrors }) => {
      const page = await englishBrowser(browser, width);
      page.on("pageerror", (error) => consoleErrors.push(String(error)));
      await frenchManager(page, server, baseUrl);
      const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
        update segments set from_mode = 'programmed', start_date = '2026-01-10T08:00:00Z',
          to_mode = 'permanent', end_date = null
        where id = (select s.id from segments s join users u on u.channel_id = s.channel_id
          where u.login = 'manager' and s.status in ('ready', 'published') order by s.id limit 1)
        returning id, channel_id`;
      await server.sql`update channels set time_zone = 'Europe/Paris' where id = ${seg.channel_id}`;
      await page.goto(`${baseUrl}/interactions/${seg.id}`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');

      // the stored start, 08:00 UTC on 10 January, is 09:00 in Paris, written as the page writes dates
      const date = page.getByLabel(fr("interactions.panel.start_date"), { exact: true });
      const time = page.getByLabel(fr("interactions.panel.start_time"), { exact: true });
      assert.equal(await date.getAttribute("type"), "text", "not the browser's mm/dd/yyyy field");
      assert.deepEqual([await date.inputValue(), await time.inputValue()], ["10/01/2026", "09:00"]);
      const hint = page.locator("#seg-availability-start-date-hint");
      assert.equal(await hint.textContent(), "JJ/MM/AAAA");
      assert.equal(await page.locator("#seg-availability-start-time-hint").textContent(), "HH:MM (24 h)");
      assert.match((await date.getAttribute("aria-describedby"))!, /seg-availability-start-date-hint/);

      // the browser's order is refused at the field, in French, and nothing is saved
      await date.fill("07/14/2026");
      await date.press("Tab");
      const error = page.locator("#seg-availability-start-date-error");
      assert.equal(await error.textContent(), fr("errors.date_not_real"));
      await date.fill("2026-07-14");
      await date.press("Tab");
      assert.equal(await error.textContent(), fr("errors.date_format"));
      assert.equal(await date.getAttribute("aria-invalid"), "true");
      assert.match((await date.getAttribute("aria-describedby"))!, /seg-availability-start-date-error/);
      await page.locator(".availability-fields").screenshot({
        path: `${SHOTS}/availability-error-${width}.png`,
      });

      await date.fill("14/07/2026");
      await date.press("Tab");
      await error.waitFor({ state: "detached" });
      await time.fill("2:05 PM");
      await time.press("Tab");
      assert.equal(
        await page.locator("#seg-availability-start-time-error").textContent(),
        fr("errors.time_format"),
      );
      await time.fill("14:05");
      await time.press("Tab");
      // 14:05 in Paris in summer is 12:05 UTC, whatever the browser's own zone (New York)
      await waitUntil(async () => {
        const [row] = await server.sql<{ start_date: Date }[]>`
          select start_date from segments where id = ${seg.id}`;
        return row.start_date.toISOString() === "2026-07-14T12:05:00.000Z";
      }, "the start saved as 14/07/2026 14:05 in Paris");
      await page.screenshot({ path: `${SHOTS}/edit-dates-${width}.png`, fullPage: width === 375 });
      await page.locator(".availability-fields").screenshot({ path: `${SHOTS}/availability-${width}.png` });
      await assertAccessible(page, "the edit page with its date and time fields");

      // a start emptied is said required and keeps the stored one
      await date.fill("");
      await date.press("Tab");
      assert.equal(await error.textContent(), fr("errors.field_required"));

      await page.reload();
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      assert.deepEqual([await date.inputValue(), await time.inputValue()], ["14/07/2026", "14:05"]);

      // the widget's preview: French, as the back office is, not the browser's English
      const frame = page.locator(".preview-frame iframe");
      assert.match((await frame.getAttribute("src"))!, /[?&]lang=fr\b/);
      await frame.scrollIntoViewIfNeeded();
      await page.frameLocator(".preview-frame iframe").locator("html[lang=fr]").waitFor({
        state: "attached",
      });
      await page.screenshot({ path: `${SHOTS}/edit-preview-${width}.png` });
      assert.deepEqual(consoleErrors, []);
    },
  );

  browserTest(
    `statistics and audit log - periods typed DD/MM/YYYY on an English browser, sent as YYYY-MM-DD (${width} px)`,
    async ({ browser, baseUrl, server, consoleErrors }) => {
      const page = await englishBrowser(browser, width);
      page.on("pageerror", (error) => consoleErrors.push(String(error)));
      await frenchManager(page, server, baseUrl);

      await page.goto(`${baseUrl}/statistics?range=30d`);
      await page.waitForSelector('[data-island="DateField"][data-hydrated]');
      const from = page.getByLabel(fr("statistics.from"), { exact: true });
      const to = page.getByLabel(fr("statistics.to"), { exact: true });
      // a day that does not exist keeps the form from being sent, and says why at the field
      await from.fill("31/02/2026");
      await from.press("Tab");
      assert.equal(await page.locator("#stat-from-error").textContent(), fr("errors.date_not_real"));
      assert.equal(await from.evaluate((input: HTMLInputElement) => input.validity.valid), false);
      await from.fill("01/07/2026");
      await to.fill("14/07/2026");
      await page.getByRole("button", { name: fr("statistics.ranges.custom") }).click();
      await page.waitForURL(/from=2026-07-01&to=2026-07-14/);
      await page.waitForSelector('[data-island="DateField"][data-hydrated]');
      assert.deepEqual([await from.inputValue(), await to.inputValue()], ["01/07/2026", "14/07/2026"]);
      await page.screenshot({ path: `${SHOTS}/statistics-period-${width}.png` });

      await page.goto(`${baseUrl}/audit`);
      await page.waitForSelector('[data-island="DateField"][data-hydrated]');
      await page.getByLabel(fr("audit.from"), { exact: true }).fill("14/07/2026");
      // Enter sends the filter straight from the field
      await page.getByLabel(fr("audit.to"), { exact: true }).fill("15/7/2026");
      await page.getByLabel(fr("audit.to"), { exact: true }).press("Enter");
      await page.waitForURL(/from=2026-07-14&to=2026-07-15/);
      await page.waitForSelector('[data-island="DateField"][data-hydrated]');
      assert.equal(await page.getByLabel(fr("audit.to"), { exact: true }).inputValue(), "15/07/2026");
      await page.screenshot({ path: `${SHOTS}/audit-period-${width}.png` });
      assert.deepEqual(consoleErrors, []);
    },
  );
}
