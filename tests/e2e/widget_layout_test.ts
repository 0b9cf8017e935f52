import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { CAROUSEL_AUTOPLAY_MS } from "../../lib/rules/constants.ts";
import { assertAccessible, browserTest, storeListener } from "./_browser.ts";
import { embedCode } from "../../lib/rules/embed.ts";
import type { Sql } from "postgres";

const SHOTS = "/tmp/shots-24";

/** Elements of `selector` whose text is cut (ellipsis or hidden overflow) or that pass their row's edge. */
function overflowing(page: Page, selector: string, row: string) {
  return page.evaluate(
    ([selector, row]) =>
      [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
        const box = el.getBoundingClientRect();
        const edge = el.closest(row)!.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || box.right > edge.right + 0.5 ||
          box.left < edge.left - 0.5;
      }).map((el) => el.textContent),
    [selector, row],
  );
}

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `widget layout - ranking names whole and badges inside the card at ${viewport.width}px`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
      const names = ["Juliette Marchand", "Thomas Vandenberghe", "Maximilien-Alexandre", "Lia"];
      const ids: number[] = [];
      for (const [i, nickname] of names.entries()) {
        const [u] = await server.sql<{ id: number }[]>`
          insert into app_users (nickname, language, points) values (${nickname}, 'en', ${12000 - i * 1000})
          returning id::int as id`;
        await server.sql`insert into points_ledger (channel_id, app_user_id, event, points)
          values (${radio.id}, ${u.id}, 'broadcast', ${12000 - i * 1000})`;
        ids.push(u.id);
      }
      const me = ids[3];
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
      await storeListener(page, server, { id: me, nickname: "Lia", language: "en" });
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&im_screen=space`);
      await page.getByRole("button", { name: "Ranking" }).click();
      await page.locator(".cw-ranking li").getByText("Thomas Vandenberghe").waitFor();
      assert.deepEqual(await overflowing(page, ".cw-rank-name", "li"), []);
      assert.deepEqual(await overflowing(page, ".cw-ranking .cw-level", "li"), []);
      assert.deepEqual(await overflowing(page, ".cw-ranking li", ".cw-card, .cw-panel, .cw-frame"), []);
      await page.screenshot({ path: `${SHOTS}/ranking-${viewport.width}.png` });
      await assertAccessible(page, "ranking");
      assert.deepEqual(consoleErrors, []);
    },
    { viewport },
  );
}

/** A station's page on a server of its own, with the channel widget embedded by its embed code. */
async function stationPage(baseUrl: string, server: { sql: Sql }) {
  const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
  const snippet = embedCode(baseUrl, `/widgets/channel/${radio.id}/?lang=en`, {
    title: "Radio",
    height: 240,
  });
  return Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () =>
      new Response(`<!doctype html><h1>Station</h1>${snippet}`, { headers: { "content-type": "text/html" } }),
  );
}

browserTest(
  "widget layout - the embedded widget's iframe grows and shrinks with its content",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const station = await stationPage(baseUrl, server);
    try {
      await page.goto(`http://localhost:${station.addr.port}/`);
      const height = () =>
        page.evaluate(() =>
          parseInt(document.querySelector<HTMLElement>("iframe[data-im-widget]")!.style.height || "0")
        );
      await page.waitForFunction(() =>
        parseInt(document.querySelector<HTMLElement>("iframe[data-im-widget]")?.style.height || "0") > 300
      );
      const natural = await height();
      const widget = page.frames().find((f) => f.url().includes("/widgets/channel/"))!;
      await widget.locator("[data-ready]").waitFor();
      // the content gets taller, then shorter again: the iframe follows both ways
      await widget.evaluate(() => {
        const tall = document.createElement("div");
        tall.id = "tall";
        tall.style.height = "1500px";
        document.querySelector(".cw-frame")!.append(tall);
      });
      await page.waitForFunction(
        (n) =>
          parseInt(document.querySelector<HTMLElement>("iframe[data-im-widget]")!.style.height) > n + 1000,
        natural,
      );
      await widget.evaluate(() => document.getElementById("tall")!.remove());
      await page.waitForFunction(
        (n) => parseInt(document.querySelector<HTMLElement>("iframe[data-im-widget]")!.style.height) <= n + 2,
        natural,
      );
      assert.ok(natural < 1500, `content height ${natural}`);
      await page.screenshot({ path: `${SHOTS}/embedded-1280.png`, fullPage: true });
    } finally {
      await station.shutdown();
    }
    assert.deepEqual(consoleErrors, []);
  },
);

browserTest(
  "widget layout - a station's page whose sizing script arrives after the widget has loaded still sizes it",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const station = await stationPage(baseUrl, server);
    // the sizing script is held until the widget has loaded and said its height (to no one yet)
    let release = () => {};
    const held = new Promise<void>((r) => release = r);
    await page.route("**/static/embed.js*", async (route) => {
      await held;
      await route.continue();
    });
    try {
      // the page's load waits for the held script: only its first bytes are awaited
      await page.goto(`http://localhost:${station.addr.port}/`, { waitUntil: "commit" });
      await page.waitForFunction(() => document.querySelector("iframe[data-im-widget]") !== null);
      const widget = await (async () => {
        for (;;) {
          const found = page.frames().find((f) => f.url().includes("/widgets/channel/"));
          if (found) return found;
          await page.waitForTimeout(50);
        }
      })();
      await widget.locator("[data-ready]").waitFor();
      release();
      await page.waitForFunction(() =>
        parseInt(document.querySelector<HTMLElement>("iframe[data-im-widget]")?.style.height || "0") > 300
      );
    } finally {
      await station.shutdown();
    }
    assert.deepEqual(consoleErrors, []);
  },
);

browserTest(
  "widget layout - the carousel changes slide every 5 s, the first and the next ones",
  async ({ page, baseUrl, server }) => {
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
    await page.locator(".cw-viewport.is-enhanced").waitFor();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
    const current = () =>
      page.evaluate(() =>
        [...document.querySelectorAll(".cw-dot")].findIndex((d) => d.getAttribute("aria-current") === "true")
      );
    // to the first change, in 100 ms steps
    let waited = 0;
    while (await current() === 0 && waited < CAROUSEL_AUTOPLAY_MS + 1000) {
      await page.clock.runFor(100);
      waited += 100;
    }
    assert.equal(await current(), 1, `no change after ${waited} ms`);
    // the next one comes 5 s after it, transition included, not once the motion settled
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS - 200);
    assert.equal(await current(), 1, "not before 5 s");
    await page.clock.runFor(400);
    assert.equal(await current(), 2, "5 s after the previous change");
  },
  { clock: true },
);
