// Staff keep the studio's pages open for hours and click as they load: nothing may move under their pointer.
// The layout shifts Chromium reports (the Layout Instability API, what Lighthouse's CLS adds up) on the
// interactions list, an interaction's edit page, its inbox and the statistics, from the first paint until
// the page has settled, for a staff member who has never seen the welcome help (it opens by itself), at
// 1280 and 375 px: none.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, loginAs, settled } from "./_browser.ts";

/** The pages, by the interaction of the demo channel with the most messages. */
const PAGES = (id: number) => [
  ["interactions list", "/interactions"],
  ["edit page", `/interactions/${id}`],
  ["inbox", `/participations/${id}`],
  ["statistics", "/statistics"],
];

/** Every layout shift of the page not caused by a person's input, as Chromium reports them, from the start. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    (globalThis as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (
        const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Element }[];
        })[]
      ) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node ? `${s.node.nodeName.toLowerCase()}.${(s.node as Element).className}` : "?"
        );
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

for (const width of [1280, 375]) {
  browserTest(
    `staff pages - nothing moves as the interactions list, edit page, inbox and statistics load (${width}px)`,
    async ({ page, server, baseUrl }) => {
      const [busiest] = await server.sql<{ id: number }[]>`
        select segment_id::int as id from messages where channel_id = 1 group by segment_id
        order by count(*) desc limit 1`;
      await loginAs(page, server, baseUrl, "manager");
      await watchShifts(page);
      for (const [label, path] of PAGES(busiest.id)) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState("networkidle");
        await settled(page);
        const shifts = await page.evaluate(() =>
          (globalThis as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts
        );
        assert.deepEqual(shifts, [], `layout shifts on the ${label} (${path})`);
      }
    },
    { viewport: { width, height: width === 375 ? 740 : 800 } },
  );
}
