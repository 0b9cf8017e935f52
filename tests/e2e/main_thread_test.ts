// What the studio's inbox asks of a phone's main thread as it loads (Lighthouse's mobile profile: total
// blocking time ≤ 200 ms, bench/lighthouse.ts). The islands of a page hydrate one per task (framework/client.ts hydrateIslands): the studio's inbox (its
// header's unread badge, the welcome help and the inbox itself) once hydrated all three in one task, which
// held a phone's main thread for a quarter of a second, answering no tap meanwhile. Here a task the page
// posts to itself again and again, from before its scripts, counts the hydrated islands each time it runs:
// islands hydrated in one task would be seen arriving together. The browser's scheduler.yield() is taken
// away so the page yields with a posted message, which runs in turn with the counting one (a yield's own
// continuation would go before it, so the count could not tell).
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { PARTS_PER_TASK } from "../../framework/client.ts";

browserTest(
  "main thread - the islands of the studio inbox hydrate one per task, each a hydrated island more",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "manager");
    await page.addInitScript(() => {
      const w = globalThis as unknown as { scheduler?: { yield?: unknown }; seenHydrated: number[] };
      if (w.scheduler) Object.defineProperty(w.scheduler, "yield", { value: undefined });
      w.seenHydrated = [0];
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const islands = document.querySelectorAll("[data-island]:not([data-lazy])").length;
        const hydrated = document.querySelectorAll("[data-island][data-hydrated]").length;
        if (hydrated !== w.seenHydrated.at(-1)) w.seenHydrated.push(hydrated);
        // until every island is hydrated once the page has loaded
        if (document.readyState !== "complete" || hydrated < islands) channel.port2.postMessage(null);
      };
      channel.port2.postMessage(null);
    });
    const [seg] = await server.sql<{ id: number }[]>`
      select segment_id as id from messages group by segment_id order by count(*) desc limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.id}`);
    await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
    const islands = await page.locator("[data-island]:not([data-lazy])").evaluateAll((els) =>
      els.map((el) => el.getAttribute("data-island"))
    );
    assert.deepEqual(islands, ["UnreadBadge", "WelcomeHelp", "MessageInbox"]);
    await page.waitForFunction(() =>
      (globalThis as unknown as { seenHydrated: number[] }).seenHydrated.at(-1) === 3
    );
    const seen = await page.evaluate(() =>
      (globalThis as unknown as { seenHydrated: number[] }).seenHydrated
    );
    assert.deepEqual(seen, [0, 1, 2, 3], "one more hydrated island at each task");
  },
);

browserTest(
  "main thread - the inbox's rows out of sight are not rendered until they come near the screen",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [seg] = await server.sql<{ id: number }[]>`
      select segment_id as id from messages group by segment_id order by count(*) desc limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.id}`);
    await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
    const shown = (nth: "first" | "last") =>
      page.locator(".inbox-item").evaluateAll((rows, nth) => {
        const row = nth === "first" ? rows[0] : rows[rows.length - 1];
        return row.querySelector(".inbox-author")!.checkVisibility({ contentVisibilityAuto: true });
      }, nth);
    assert.ok(await page.locator(".inbox-item").count() > 20, "a page of rows, most of them out of sight");
    assert.equal(await shown("first"), true);
    assert.equal(await shown("last"), false, "the last row's content is skipped");
    await page.locator(".inbox-item").last().scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".inbox-item")].at(-1)!.querySelector(".inbox-author")!
        .checkVisibility({ contentVisibilityAuto: true })
    );
    await page.locator(".inbox-item .inbox-author").last().click();
    await page.locator(".inbox-item.is-active").last().waitFor();
  },
);

browserTest(
  "main thread - the inbox's rows hydrate a few per task after the inbox, which is marked hydrated once they are",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    // as above, a posted message counts at each task: the rows given their own root so far (Preact keeps a
    // root on its container as `__k`), and whether the inbox is marked hydrated
    await page.addInitScript(() => {
      const w = globalThis as unknown as { scheduler?: { yield?: unknown }; seenRows: string[] };
      if (w.scheduler) Object.defineProperty(w.scheduler, "yield", { value: undefined });
      w.seenRows = [];
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const rows = [...document.querySelectorAll(".inbox-item")];
        const live = rows.filter((row) => "__k" in row && (row as unknown as { __k: unknown }).__k).length;
        const inbox = document.querySelector('[data-island="MessageInbox"][data-hydrated]') ? "hydrated" : "";
        const now = `${live}/${rows.length}${inbox && ` ${inbox}`}`;
        if (now !== w.seenRows.at(-1)) w.seenRows.push(now);
        if (!inbox) channel.port2.postMessage(null);
      };
      channel.port2.postMessage(null);
    });
    const [seg] = await server.sql<{ id: number }[]>`
      select segment_id as id from messages group by segment_id order by count(*) desc limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.id}`);
    await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
    const seen = await page.evaluate(() => (globalThis as unknown as { seenRows: string[] }).seenRows);
    const rows = await page.locator(".inbox-item").count();
    assert.ok(rows > PARTS_PER_TASK * 2, `${rows} rows`);
    const live = seen.map((s) => Number(s.split("/")[0]));
    assert.equal(live[0], 0, "no row hydrated before the inbox");
    for (let i = 1; i < live.length; i++) {
      assert.ok(live[i] - live[i - 1] <= PARTS_PER_TASK, `at most ${PARTS_PER_TASK} rows a task: ${seen}`);
    }
    assert.equal(seen.at(-1), `${rows}/${rows} hydrated`, "the inbox is marked hydrated with all its rows");
    assert.ok(!seen.slice(0, -1).some((s) => s.endsWith("hydrated")), `not before: ${seen}`);
    // a row hydrated last opens its message
    await page.locator(".inbox-item .inbox-author").last().click();
    await page.locator(".inbox.has-selection .inbox-item.is-active").last().waitFor();
  },
);

browserTest(
  "main thread - a row selected before its content hydrates shows it once hydrated (the server's markup said otherwise)",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    // the page's yields go at once for its three islands, then wait for the test: the rows' content is held
    await page.addInitScript(() => {
      const w = globalThis as unknown as {
        scheduler: { yield?: () => Promise<void> };
        yields: number;
        releaseYields: () => void;
      };
      const held: (() => void)[] = [];
      let holding = true;
      w.yields = 0;
      w.releaseYields = () => (holding = false, held.splice(0).forEach((go) => go()));
      const yieldNow = () =>
        new Promise<void>((go) => (++w.yields > 3 && holding ? held.push(go) : setTimeout(go, 0)));
      Object.defineProperty(w.scheduler, "yield", { value: yieldNow });
    });
    const [seg] = await server.sql<{ id: number }[]>`
      select segment_id as id from messages group by segment_id order by count(*) desc limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.id}`);
    await page.waitForFunction(() => (globalThis as unknown as { yields: number }).yields > 3);
    const first = page.locator(".inbox-item").first();
    assert.equal(await first.locator(".inbox-item-button").getAttribute("aria-current"), "false");
    // j selects the first row once the inbox's keys listen (its effects run after its first paint): pressed
    // again until one is heard, never once one was (a second j would select the second row)
    await page.waitForFunction(
      () => {
        if (document.querySelector(".inbox.has-selection")) return true;
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "j", bubbles: true }));
        return false;
      },
      null,
      { polling: 20 },
    );
    await first.and(page.locator(".is-active")).waitFor();
    assert.equal(await page.locator('[data-island="MessageInbox"][data-hydrated]').count(), 0, "rows held");
    await page.evaluate(() => (globalThis as unknown as { releaseYields: () => void }).releaseYields());
    await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
    assert.equal(await first.locator(".inbox-item-button").getAttribute("aria-current"), "true");
    assert.equal(await page.locator('.inbox-item-button[aria-current="true"]').count(), 1);
  },
);
