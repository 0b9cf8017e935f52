// Both visitor widgets on an emulated slow phone network (400 kbit/s, 400 ms from request to response, as
// bench/slow_network.ts): what the first usable control waits for. The page carries its styles, favicon and
// texts and its own module; it asks for its participation screens' module from its head; its background
// comes after the page; a tap on Participate the moment it works asks for nothing more.
// Order and counts only, never a duration: the latency makes the order certain.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "./_browser.ts";

const SLOW = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

interface Asked {
  path: string;
  start: number;
  end: number;
}

/** Every resource the page asked for, with its start and end on the page's clock. */
const asked = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime,
      end: (e as PerformanceResourceTiming).responseEnd,
    }))
  ) as Promise<Asked[]>;

/**
 * Opens `path` on the slow network and taps `participate` the moment the widget is hydrated; returns what
 * had come when the widget was hydrated, all that had come when `control` could be used, and what the page
 * asked for between the tap and that moment.
 */
async function firstControl(page: Page, url: string, participate: string, control: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW);
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("[data-island][data-hydrated]").first().waitFor({ state: "attached", timeout: 30_000 });
  const before = await asked(page);
  const tapped = await page.evaluate(() => performance.now());
  await page.locator(participate).first().click();
  await page.locator(control).first().waitFor({ timeout: 30_000 });
  // a resource is listed once it has come: the participation module, asked for with the page, may still be
  // on its way when the widget works (the page, which carries the widget's own module, is lighter)
  const all = await asked(page);
  const after = all.filter((r) => r.start >= tapped);
  await cdp.send("Network.emulateNetworkConditions", { ...SLOW, latency: 0, downloadThroughput: -1 });
  return { before, all, after };
}

browserTest(
  "widget slow network - the channel and single widgets: one module asked for, then the first control asks for nothing",
  async ({ browser, baseUrl, server }) => {
    const [radio] = await server.sql<
      { id: number }[]
    >`select id::int as id from channels order by id limit 1`;
    const [voice] = await server.sql<{ id: number }[]>`
      select id::int as id from segments where channel_id = ${radio.id} and type = 'recording_question'
        and status in ('ready', 'published') and not registration_required
        and (start_date is null or start_date <= now()) and (end_date is null or end_date > now())
      order by id limit 1`;
    const widgets = [
      {
        url: `${baseUrl}/widgets/channel/${radio.id}/?lang=en`,
        participate: ".cw-participate",
        control: ".cw-flow :is(.cw-choice, .recorder button, textarea, input, .cw-btn):not(.cw-close)",
      },
      {
        url: `${baseUrl}/widgets/${radio.id}/${voice.id}/?lang=en`,
        participate: ".w-init .w-btn-primary",
        control: ".w-screen:not(.w-screen-init) :is(.recorder button, textarea, .w-choice, input)",
      },
    ];
    for (const w of widgets) {
      // a first visit: nothing in the cache (the widgets share their stock backgrounds)
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      const { before, all, after } = await firstControl(page, w.url, w.participate, w.control);
      const scripts = all.filter((r) => r.path.startsWith("/static/build/pages/"));
      // the page carries its own module: only its participation screens' module is asked for, in one piece
      assert.equal(scripts.length, 1, `${w.url}: ${scripts.map((r) => r.path)}`);
      assert.match(scripts[0].path, /\/(Flow|later)-\w+\.js$/, w.url);
      assert.equal(
        await page.locator("script[type=module][src]").count(),
        0,
        `${w.url}: no module to ask for`,
      );
      // no stylesheet, no favicon, no texts asked for: they are in the page
      assert.deepEqual(
        before.filter((r) => /\.(css|svg)$|^\/api\/v1\/locales\//.test(r.path)).map((r) => r.path),
        [],
        w.url,
      );
      // the background picture comes once the page (and the module it carries) is there, not sharing the
      // bandwidth with it
      const own = await page.evaluate(() =>
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseEnd
      );
      const pictures = (await asked(page)).filter((r) => /^\/static\/backgrounds\//.test(r.path));
      assert.ok(pictures.length > 0, `${w.url}: a background`);
      for (const p of pictures) assert.ok(p.start >= own, `${w.url}: ${p.path} before the page`);
      // the tap the moment the widget works: its first control with no request more
      assert.deepEqual(after.map((r) => r.path), [], `${w.url}: asked after the tap`);
      assert.deepEqual(errors, [], w.url);
      await context.close();
    }
  },
);
