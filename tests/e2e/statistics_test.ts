import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

/** Screenshots to look at (outside the repository). */
const SHOTS = Deno.env.get("STATISTICS_SHOTS");

browserTest(
  "statistics - ranges, a chart's text alternative and its CSV download",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions`);
    await page.locator("nav.sidebar").getByRole("link", { name: "Statistics" }).click();
    await page.waitForURL(/\/statistics$/);
    await page.getByRole("heading", { name: "Statistics" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "30 days" }).getAttribute("aria-current"), "page");

    // 12 months: the range is kept in the address and marked
    await page.getByRole("link", { name: "12 months" }).click();
    await page.waitForURL(/range=12m/);
    assert.equal(await page.getByRole("link", { name: "12 months" }).getAttribute("aria-current"), "page");

    // the text alternative of the chart by interaction: its data table
    const chart = page.locator("#chart-by_interaction");
    const image = chart.getByRole("img");
    assert.match(await image.getAttribute("alt") ?? "", /By interaction/);
    await chart.getByText("Show the data").click();
    const table = chart.getByRole("table");
    await table.waitFor({ state: "visible" });
    const firstRow = table.locator("tbody tr").first();
    const label = (await firstRow.locator("th").textContent())!;
    const count = Number(await firstRow.locator("td").textContent());
    assert.ok(count > 0);
    await shot("12-months-1280");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/statistics-1280.png`, fullPage: true });

    // its CSV holds the same rows
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      chart.getByRole("link", { name: "Download the data (CSV)" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^statistics-\d+-by_interaction-.*\.csv$/);
    const csv = await Deno.readTextFile((await download.path())!);
    assert.ok(csv.startsWith("Interaction,Count\r\n"), csv);
    assert.ok(csv.includes(`${label},${count}`) || csv.includes(`"${label}",${count}`), csv);

    // custom dates: a single day is shown per hour
    const day = new Date().toISOString().slice(0, 10);
    await page.getByLabel("From").fill(day);
    await page.getByLabel("to", { exact: true }).fill(day);
    await page.getByRole("button", { name: "Custom dates" }).click();
    await page.waitForURL(/range=custom/);
    await page.getByText("Participations per hour").first().waitFor();
    await assertAccessible(page, "the statistics page");

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/statistics?range=30d`);
    await page.getByRole("heading", { name: "Statistics" }).waitFor();
    const overflow = await page.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone`);
    await shot("30-days-375");
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/statistics-375.png`, fullPage: true });
      await page.locator("#chart-by_interaction").screenshot({ path: `${SHOTS}/by-interaction-375.png` });
      await page.locator("#chart-per_time").screenshot({ path: `${SHOTS}/per-time-375.png` });
    }
    assert.deepEqual(consoleErrors, []);
  },
);
