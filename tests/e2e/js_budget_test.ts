import assert from "node:assert/strict";
import type { Browser, Page, Response } from "playwright-core";
import { browserTest } from "./_browser.ts";
import { JS_BUDGET_GZIP_BYTES } from "../../lib/rules/constants.ts";
import { IDLE_FETCH_MARK } from "../../framework/client.ts";

/**
 * When the page turned idle and fetched its next screens (null when it has not) and when each resource
 * was requested, both in ms from the navigation, and the next screens the page declares.
 */
async function timeline(page: Page) {
  return await page.evaluate((mark) => {
    const idle = performance.getEntriesByName(mark)[0]?.startTime;
    return {
      idleFromNavigation: idle ?? null,
      requested: Object.fromEntries(
        performance.getEntriesByType("resource").map((e) => [e.name, e.startTime]),
      ),
      // the next screens the page asks for with its own modules, at low priority (framework/render.tsx)
      next: [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload][fetchpriority="low"]')]
        .map((l) => new URL(l.href).pathname),
    };
  }, IDLE_FETCH_MARK);
}

/** `text` compressed with gzip, as the server sends it. */
async function gzipped(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Opens `url` as a first-time visitor (empty cache) asking for gzip only, and returns the gzip bytes of
 * the JavaScript the page fetched until it is hydrated and the network is idle (counted from the
 * network: encoded body sizes), and of the module it carries inline. Its next screens (declared in the page's head at low priority: the first
 * screen's modules go first) are counted apart, and nothing else may come once the page is idle.
 */
async function scriptBytes(
  browser: Browser,
  url: string,
  errors: string[],
): Promise<{ total: number; files: string[]; later: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { "accept-encoding": "gzip" },
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(String(error)));
  const responses: Response[] = [];
  page.on("response", (res) => responses.push(res));
  const doc = await page.goto(url);
  await page.locator("[data-island][data-hydrated]").first().waitFor();
  // the idle fetch has started, so what it fetches is seen (and set apart) here
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, IDLE_FETCH_MARK);
  await page.waitForLoadState("networkidle");
  assert.equal(doc!.headers()["content-encoding"], "gzip", "the page itself is compressed");
  // both moments on the page's own clock: Playwright's request times are wall-clock and may differ from
  // it by a few milliseconds, enough to misplace a module requested right at the idle mark
  const { idleFromNavigation: idle, requested, next } = await timeline(page);
  let total = 0;
  const files: string[] = [];
  const later: string[] = [];
  for (const res of responses) {
    if (res.request().resourceType() !== "script") continue;
    const size = (await res.request().sizes()).responseBodySize;
    const path = new URL(res.url()).pathname;
    // every script is a minified build output (bundles, and the plain scripts of static/js/ minified)
    assert.match(path, /^\/static\/build\//, `${res.url()} is built`);
    // a few-byte chunk gzip would make larger is sent as it is (framework/precompress.ts)
    if (size >= 256) assert.equal(res.headers()["content-encoding"], "gzip", `${res.url()} is compressed`);
    const started = requested[res.url()];
    const afterIdle = idle !== null && started !== undefined && started >= idle;
    if (next.includes(path)) {
      // a next screen the page declares is asked for with the page, at low priority: counted apart, as the
      // first screen's modules go first
      later.push(`${path} ${size}`);
      continue;
    }
    // only the next screens the page declares escape the budget
    assert.ok(!afterIdle, `${path}, fetched once idle, is not one of the page's next screens`);
    total += size;
    files.push(`${path} ${size}`);
  }
  // the page's own module, carried inside the page (framework/bundle.ts inlineModule): JavaScript all the
  // same, counted by its own gzip bytes
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script[type=module]:not([src])")].map((s) => s.textContent ?? "")
  );
  for (const text of inline) {
    const size = (await gzipped(text)).length;
    total += size;
    files.push(`inline module ${size}`);
  }
  await context.close();
  return { total, files, later };
}

browserTest(
  "js budget - the channel widget home and the single widget stay within their gzip JavaScript",
  async ({ browser, baseUrl, server }) => {
    const errors: string[] = [];
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    const home = await scriptBytes(browser, `${baseUrl}/widgets/channel/${radio.id}/?lang=en`, errors);
    console.log(`channel widget home: ${home.total} B gzip JS\n  ${home.files.join("\n  ")}`);
    console.log(`  once idle, its next screens:\n  ${home.later.join("\n  ")}`);
    assert.ok(
      home.later.some((f) => /\/Flow-\w+\.js /.test(f)),
      `the participation flow comes once idle; first: ${home.files.join(", ")}; later: ${
        home.later.join(", ")
      }`,
    );
    // the page's own module, inline, is in the count
    assert.ok(home.files.some((f) => f.startsWith("inline module ")), home.files.join(", "));
    assert.ok(home.total > 0);
    assert.ok(home.total <= JS_BUDGET_GZIP_BYTES.channel, `${home.total} > ${JS_BUDGET_GZIP_BYTES.channel}`);

    const segments = await server.sql<{ id: number; type: string }[]>`
      select distinct on (type) id, type from segments
      where channel_id = ${radio.id} and status in ('ready', 'published')
        and (start_date is null or start_date <= now()) and (end_date is null or end_date > now())
      order by type, id`;
    assert.ok(segments.length >= 3, "several kinds of interaction");
    for (const segment of segments) {
      const single = await scriptBytes(
        browser,
        `${baseUrl}/widgets/${radio.id}/${segment.id}/?lang=en`,
        errors,
      );
      console.log(
        `single widget (${segment.type}): ${single.total} B gzip JS\n  ${single.files.join("\n  ")}`,
      );
      assert.ok(single.files.some((f) => f.startsWith("inline module ")), single.files.join(", "));
      assert.ok(
        single.total <= JS_BUDGET_GZIP_BYTES.single,
        `${segment.type}: ${single.total} > ${JS_BUDGET_GZIP_BYTES.single}`,
      );
    }
    assert.deepEqual(errors, []);
  },
);

browserTest(
  "js budget - the single widget asks for its participation code with the page, before any intent",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [segment] = await server.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where type = 'single_choice_question' and status = 'published'
        and (end_date is null or end_date > now()) order by id limit 1`;
    await page.goto(`${baseUrl}/widgets/${segment.channel_id}/${segment.id}/?lang=en`);
    await page.locator(".w-screen[data-ready] .w-init").waitFor();
    await page.waitForLoadState("networkidle");
    // no pointer, key or focus yet: the participation code came with the first screen's, not one round trip
    // after it was idle (a phone on a slow network taps as soon as it can)
    const { idleFromNavigation, requested, next } = await timeline(page);
    const participation = Object.entries(requested).filter(([url]) => /\/later-\w+\.js$/.test(url));
    assert.equal(participation.length, 1, "the participation code, once");
    assert.ok(next.some((path) => /\/later-\w+\.js$/.test(path)), `a next screen of the page: ${next}`);
    assert.notEqual(idleFromNavigation, null);
    assert.ok(participation[0][1] < idleFromNavigation!, "requested before the first screen was idle");
    // a keyboard user's first Tab focuses the widget's button; Enter opens the vote at once
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByText("What is your choice?").waitFor();
    assert.deepEqual(consoleErrors, []);
  },
);
