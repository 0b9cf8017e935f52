import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, skip } from "./_browser.ts";
import { CAROUSEL_AUTOPLAY_MS } from "../../lib/rules/constants.ts";

/** The index of the carousel's current dot. */
const currentDot = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".cw-dot")].findIndex((d) => d.getAttribute("aria-current") === "true")
  );

/** Waits for the autoplay (or a dot) to make `index` the current slide. */
const dotBecomes = (page: Page, index: number) =>
  page.waitForFunction(
    (i) => document.querySelectorAll(".cw-dot")[i]?.getAttribute("aria-current") === "true",
    index,
  );

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `channel widget - home carousel of permanent interactions at ${viewport.width}px`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&ref=station-site`);
      assert.equal(await page.title(), "Radio Horizon");
      // usable before script: the first slide and its button are in the HTML
      const first = page.locator(".cw-slide").first();
      await first.getByRole("link", { name: "Participate" }).waitFor();
      // hydrated: dots select slides of the scroll-snap list
      await page.locator(".cw-viewport.is-enhanced").waitFor();
      const dots = page.locator(".cw-dot");
      assert.ok(await dots.count() > 1);
      assert.equal(await dots.first().getAttribute("aria-current"), "true");
      await dots.nth(1).click();
      await page.waitForFunction(() =>
        document.querySelectorAll(".cw-dot")[1]?.getAttribute("aria-current") === "true"
      );
      // the carousel has slid: the second slide stands still, at the viewport's left edge
      await page.waitForFunction(() => {
        const x = document.querySelectorAll(".cw-slide")[1]?.getBoundingClientRect().x;
        const left = document.querySelector(".cw-viewport")?.getBoundingClientRect().x;
        const w = globalThis as { lastSlideX?: number };
        const still = x !== undefined && x === w.lastSlideX;
        w.lastSlideX = x;
        return still && left !== undefined && Math.abs(x - left) < 2;
      });
      await shot(`home-${viewport.width}`);
      const href = await page.locator(".cw-slide").nth(1).getByRole("link", { name: "Participate" })
        .getAttribute("href");
      assert.match(href!, new RegExp(`^/widgets/${radio.id}/\\d+/\\?ref=station-site$`));
      const frame = await page.locator(".cw-frame").boundingBox();
      assert.ok(frame!.width <= (viewport.width >= 1170 ? 580 : 420), "widget max width");
      await assertAccessible(page, `channel widget at ${viewport.width}`);

      await server.sql`update channels set status = 'closed' where id = ${radio.id}`;
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
      await page.getByText("Interactions with this radio are not currently available.").waitFor();
      await shot(`closed-${viewport.width}`);
      assert.deepEqual(consoleErrors, []);
    },
    { viewport },
  );
}

browserTest(
  "channel widget - the carousel's autoplay waits while the pointer or the focus is inside, stops with its pause button, and a dot restarts its 5 s",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
    await page.locator(".cw-viewport.is-enhanced").waitFor();
    const total = await page.locator(".cw-dot").count();
    assert.ok(total > 2, "the demo has at least three permanent interactions");
    const outside = async () => {
      await page.mouse.move(2, 2); // the header, outside the carousel
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };

    // the pointer over a slide: however long the listener reads, the slide stays
    await page.locator(".cw-viewport").hover();
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    assert.equal(await currentDot(page), 0, "no change under the pointer");
    await outside();
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    await dotBecomes(page, 1);

    // the focus on a dot (a keyboard user): no change either
    await page.locator(".cw-dot").nth(1).focus();
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    assert.equal(await currentDot(page), 1, "no change while the focus is inside");
    await outside();

    // the pause button stops it for good, and says it can play again
    await page.getByRole("button", { name: "Pause the carousel" }).click();
    await outside();
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    assert.equal(await currentDot(page), 1, "paused");
    await shot("paused-375");
    await page.getByRole("button", { name: "Play the carousel" }).click();
    await outside();
    await skip(page, CAROUSEL_AUTOPLAY_MS);
    await dotBecomes(page, 2);

    // a dot chosen by hand (a click that leaves neither pointer nor focus inside) gets a full 5 s
    await skip(page, CAROUSEL_AUTOPLAY_MS - 2000);
    await page.evaluate(() => (document.querySelectorAll(".cw-dot")[0] as HTMLElement).click());
    await dotBecomes(page, 0);
    await skip(page, CAROUSEL_AUTOPLAY_MS - 2000);
    assert.equal(await currentDot(page), 0, "the dot's slide stays its full period");
    await skip(page, 2100);
    await dotBecomes(page, 1);
    await assertAccessible(page, "carousel with its pause button");
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 740 }, clock: true },
);

browserTest(
  "channel widget - an embedding page sizes the iframe to the widget through postMessage",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    const { embedCode } = await import("../../lib/rules/embed.ts");
    const snippet = embedCode(baseUrl, `/widgets/channel/${radio.id}/?lang=en`, {
      title: "Radio",
      height: 240,
    });
    // the station's page: a real server of another origin holding the snippet
    const station = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      () =>
        new Response(`<!doctype html><h1>Station</h1>${snippet}`, {
          headers: { "content-type": "text/html" },
        }),
    );
    await page.goto(`http://localhost:${station.addr.port}/`);
    await page.waitForFunction(() => {
      const frame = document.querySelector("iframe[data-im-widget]") as HTMLIFrameElement | null;
      return frame && parseInt(frame.style.height || "0") > 400;
    });
    await shot("embedded-1280");
    await station.shutdown();
    assert.deepEqual(consoleErrors, []);
  },
);
