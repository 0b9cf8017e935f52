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
    // English: "," between columns, with the BOM spreadsheets need for UTF-8
    assert.ok(csv.startsWith("\ufeffInteraction,Count\r\n"), csv);
    assert.ok(csv.includes(`${label},${count}`) || csv.includes(`"${label}",${count}`), csv);

    // custom dates: a single day is shown per hour
    const day = new Date().toISOString().slice(0, 10).split("-").reverse().join("/");
    await page.waitForSelector('[data-island="DateField"][data-hydrated]');
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
  { bothDatabases: true },
);

browserTest(
  "statistics - an interaction's charts, the word cloud's list and a chart as PNG",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const [vote] = await server.sql<
      { id: number }[]
    >`select id::int from segments where title = 'Le tube de l''été'`;
    const [texts] = await server.sql<{ id: number }[]>`
      select id::int from segments where title = 'Posez votre question à l''invité'`;
    // votes on two earlier days too: each choice's share per day has days to draw
    await server.sql`
      insert into messages (channel_id, segment_id, type, device_id, choice_ids, created_at)
      select m.channel_id, m.segment_id, m.type, 'shares-' || d::text || '-' || m.id::text, m.choice_ids,
        m.created_at - make_interval(days => d)
      from messages m, generate_series(1, 2) d where m.segment_id = ${vote.id} and cardinality(m.choice_ids) > 0`;
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions/${vote.id}`);
    const panel = page.locator(".stat-interaction");
    const shares = panel.locator("#interaction-chart-shares");
    await shares.getByText("Show the data").click();
    const shareRows = shares.locator("tbody tr");
    await shareRows.first().waitFor();
    assert.ok(await shareRows.count() >= 3);
    assert.ok(await shares.locator("thead th").count() >= 3); // the day and two choices at least
    assert.match(await shareRows.first().locator("td").first().innerText(), /^\d+(\.\d)? %$/);
    if (SHOTS) await shares.screenshot({ path: `${SHOTS}/interaction-shares-1280.png` });
    await panel.getByRole("heading", { name: "Statistics" }).waitFor();
    await panel.getByText(/days and hours of Europe\/Paris/).waitFor();
    const results = panel.locator("#interaction-chart-results");
    await results.getByText("Show the data").click();
    await results.getByRole("table").waitFor({ state: "visible" });
    assert.ok(await results.locator("tbody tr").count() >= 2);
    // the chart as PNG, drawn in the browser
    const [png] = await Promise.all([
      page.waitForEvent("download"),
      results.getByRole("button", { name: /as PNG/ }).click(),
    ]);
    assert.match(png.suggestedFilename(), new RegExp(`^interaction-${vote.id}-results-.*\\.png$`));
    const bytes = await Deno.readFile((await png.path())!);
    assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
    if (SHOTS) await Deno.writeFile(`${SHOTS}/interaction-results-download.png`, bytes);
    await assertAccessible(page, "an interaction's statistics");
    await shot("interaction-1280");
    if (SHOTS) await panel.screenshot({ path: `${SHOTS}/interaction-votes-1280.png` });

    // the word cloud of the texts and its list of words
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/interactions/${texts.id}`);
    const words = page.locator("#interaction-chart-words");
    await words.getByRole("img", { name: /Most used words/ }).waitFor();
    await words.getByText("Show the words").click();
    const list = words.getByRole("list");
    await list.waitFor({ state: "visible" });
    assert.ok(await list.getByRole("listitem").count() >= 5);
    const overflow = await page.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone`);
    await shot("interaction-words-375");
    if (SHOTS) {
      await page.locator(".stat-interaction").screenshot({ path: `${SHOTS}/interaction-words-375.png` });
    }
    assert.deepEqual(consoleErrors, []);
  },
  { bothDatabases: true },
);
