import assert from "node:assert/strict";
import { assertAccessible, browserTest } from "./_browser.ts";

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
