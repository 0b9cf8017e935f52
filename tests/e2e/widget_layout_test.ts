import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { openSession } from "../../lib/platform/sessions.ts";
import { STORAGE_KEYS } from "../../lib/rules/widget.ts";
import { assertAccessible, browserTest } from "./_browser.ts";

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
      const token = await openSession(server.deps.sql, server.deps.jwtSecret, me, "visitor");
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.user,
        JSON.stringify({ id: me, is_anonymous: false, nickname: "Lia", access_token: token, language: "en" }),
      ]);
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
