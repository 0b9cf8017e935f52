import assert from "node:assert/strict";
import type { Browser, Response } from "playwright-core";
import { browserTest } from "./_browser.ts";
import { JS_BUDGET_GZIP_BYTES } from "../../lib/rules/constants.ts";

/**
 * Opens `url` as a first-time visitor (empty cache) asking for gzip only, and returns the gzip bytes of
 * the JavaScript the page fetched until it is hydrated and the network is idle (counted from the
 * network: encoded body sizes).
 */
async function scriptBytes(
  browser: Browser,
  url: string,
  errors: string[],
): Promise<{ total: number; files: string[] }> {
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
  await page.waitForLoadState("networkidle");
  assert.equal(doc!.headers()["content-encoding"], "gzip", "the page itself is compressed");
  let total = 0;
  const files: string[] = [];
  for (const res of responses) {
    if (res.request().resourceType() !== "script") continue;
    const size = (await res.request().sizes()).responseBodySize;
    // every script is a minified build output (bundles, and the plain scripts of static/js/ minified)
    assert.match(new URL(res.url()).pathname, /^\/static\/build\//, `${res.url()} is built`);
    // a few-byte chunk gzip would make larger is sent as it is (framework/precompress.ts)
    if (size >= 256) assert.equal(res.headers()["content-encoding"], "gzip", `${res.url()} is compressed`);
    total += size;
    files.push(`${new URL(res.url()).pathname} ${size}`);
  }
  await context.close();
  return { total, files };
}

browserTest(
  "js budget - the channel widget home and the single widget stay within their gzip JavaScript",
  async ({ browser, baseUrl, server }) => {
    const errors: string[] = [];
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    const home = await scriptBytes(browser, `${baseUrl}/widgets/channel/${radio.id}/?lang=en`, errors);
    console.log(`channel widget home: ${home.total} B gzip JS\n  ${home.files.join("\n  ")}`);
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
      assert.ok(
        single.total <= JS_BUDGET_GZIP_BYTES.single,
        `${segment.type}: ${single.total} > ${JS_BUDGET_GZIP_BYTES.single}`,
      );
    }
    assert.deepEqual(errors, []);
  },
);

browserTest(
  "js budget - the single widget fetches its participation code at the first sign of intent, a focus too",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [segment] = await server.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where type = 'single_choice_question' and status = 'published'
        and (end_date is null or end_date > now()) order by id limit 1`;
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`${baseUrl}/widgets/${segment.channel_id}/${segment.id}/?lang=en`);
    await page.locator(".w-screen[data-ready] .w-init").waitFor();
    await page.waitForLoadState("networkidle");
    const participation = (path: string) => /\/later-\w+\.js$/.test(path);
    assert.equal(scripts.filter(participation).length, 0, "no participation code before an intent");
    // a keyboard user's first Tab focuses the widget's button: the code comes before they press it
    const fetched = page.waitForResponse((res) => participation(new URL(res.url()).pathname));
    await page.keyboard.press("Tab");
    await fetched;
    await page.keyboard.press("Enter");
    await page.getByText("What is your choice?").waitFor();
    assert.deepEqual(consoleErrors, []);
  },
);
