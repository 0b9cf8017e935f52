// The back office's rough edges as a new station's staff meets them: each check fails if its
// defect comes back. Screenshots at 375 and 1280 px go to tests/e2e/screenshots/.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import { randomMessage, randomSegment } from "../api/_participation.ts";

const axe = (page: Page, where: string) => assertAccessible(page, where, ["iframe"]);

/** True when the element's text is shown whole (no ellipsis, nothing clipped). */
const shownWhole = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => el.scrollWidth <= el.clientWidth);

browserTest(
  "back office details - the wizard speaks the user's language, opens on a usable category and makes no draft before an edit",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [manager] = await server.sql<{ channel_id: number }[]>`
      select channel_id from users where login = 'manager'`;
    // a self-registered trial media: only written messages
    await server.sql`update channels set interaction_available_voice = false,
      interaction_available_video = false, interaction_available_vote = false,
      interaction_available_sms = false, interaction_available_registration = false,
      interaction_available_game = false, interaction_available_choice = false,
      interaction_available_text = true
      where id = ${manager.channel_id}`;
    const drafts = async () =>
      Number((await server.sql`select count(*)::int as n from segments where status = 'draft'`)[0].n);
    const before = await drafts();

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/interactions/create`);
      const dialog = page.locator("dialog.wizard[open]");
      await dialog.waitFor();
      await page.locator('[data-island="CreationWizard"][data-hydrated]').waitFor();
      // The category shown has a template the channel may use
      assert.equal(await dialog.getByRole("radio", { checked: true }).textContent(), "Text");
      // English names and descriptions
      const card = dialog.getByRole("button", { name: /Written message/ });
      await card.getByText("A question or an opinion in writing").waitFor();
      assert.equal(await dialog.getByText("Message écrit").count(), 0);
      assert.ok(await card.isEnabled());
      // The title is whole, and nothing of the page shows over or beside the wizard
      assert.ok(await shownWhole(page, ".topbar-title"), "the app title is cut");
      assert.ok(
        await page.locator("#sidebar").evaluate((el) => {
          const box = el.getBoundingClientRect();
          return getComputedStyle(el).visibility === "hidden" || box.right <= 0 || innerWidth > 900;
        }),
        "the sidebar shows behind the wizard",
      );
      await shot(`wizard-${width}`);
      await axe(page, `wizard step 0 at ${width}`);
      // A template click then closing leaves no draft
      await card.click();
      await dialog.getByLabel("Title").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await page.waitForURL(/\/interactions$/);
      assert.equal(await drafts(), before, "a click on a template made a draft");
    }

    // the first real edit makes the draft, once
    await page.goto(`${baseUrl}/interactions/create`);
    const dialog = page.locator("dialog.wizard[open]");
    await page.locator('[data-island="CreationWizard"][data-hydrated]').waitFor();
    await dialog.getByRole("button", { name: /Written message/ }).click();
    // the new step moves the focus to its heading: typing starts after that, or the keys go to the heading
    await page.waitForFunction(() => /Settings/.test(document.activeElement?.textContent ?? ""));
    await dialog.getByLabel("Title").pressSequentially("Your morning");
    await dialog.getByText("Recorded as a draft").waitFor();
    await page.waitForURL(/create\?id=\d+/);
    assert.equal(await drafts(), before + 1);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Activate" }).waitFor();
    const id = Number(new URL(page.url()).searchParams.get("id"));
    const [row] = await server.sql`select title, status, type from segments where id = ${id}`;
    assert.deepEqual({ ...row }, { title: "Your morning", status: "draft", type: "message" });
    assert.deepEqual(consoleErrors, []);
  },
);

browserTest(
  "back office details - the inbox search is asked once after the debounce",
  async ({ page, baseUrl, server, shot }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [seg] = await server.sql<{ segment_id: number }[]>`
      select segment_id from messages group by segment_id order by count(*) desc limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.segment_id}`);
    await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("search_text=")) asked.push(new URL(r.url()).pathname);
    });
    await page.getByRole("searchbox").pressSequentially("bonjour", { delay: 30 });
    await page.waitForResponse((r) =>
      r.url().includes("channel-interactions?") && r.url().includes("bonjour")
    );
    await page.locator(".inbox-total").waitFor();
    // whatever else happens after (a poll, a live event), the list with the search is asked once
    await page.waitForLoadState("networkidle");
    // one request carries the search: the list, with its tab counts (not the list, then the counts)
    assert.deepEqual(asked, ["/api/v1/channel-interactions"]);
    await shot("inbox-search-1280");
  },
);

browserTest(
  "back office details - after an autosave the heading, the tab title and the preview show the new title",
  async ({ page, baseUrl, server, shot }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [seg] = await server.sql<{ id: number; title: string }[]>`
      select s.id::int as id, s.title from segments s join users u on u.channel_id = s.channel_id
      where u.login = 'manager' and s.status = 'published' order by s.id limit 1`;
    await page.goto(`${baseUrl}/interactions/${seg.id}`);
    await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
    assert.equal(await page.locator(".page-head h1").textContent(), seg.title);
    const preview = page.frameLocator(".preview-card iframe");
    await preview.getByText(seg.title).first().waitFor();
    await page.getByLabel("Title", { exact: true }).fill("Renamed at nine");
    await page.getByText("Saved !").first().waitFor();
    await page.locator(".page-head h1", { hasText: "Renamed at nine" }).waitFor();
    assert.match(await page.title(), /Renamed at nine/);
    await preview.getByText("Renamed at nine").first().waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await shot(`edit-renamed-${width}`);
    }
    await axe(page, "the edit page");
  },
);

browserTest(
  "back office details - a button colour white text cannot be read on: the form warns, the widget picks dark text",
  async ({ page, baseUrl, server, shot }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [{ channel_id }] = await server.sql<{ channel_id: number }[]>`
      select channel_id from users where login = 'manager'`;
    await server.sql`update channels set customisation = customisation
      || '{"btn_1_color": "#e07a5f", "btn_1_text_color": "#ffffff"}'::jsonb where id = ${channel_id}`;
    await page.goto(`${baseUrl}/customisation`);
    await page.getByLabel("Button colour", { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText("Low contrast between the button and its text").waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await shot(`customisation-low-contrast-${width}`);
    }
    const [seg] = await server.sql<{ id: number }[]>`
      select id::int as id from segments where channel_id = ${channel_id} and status = 'published'
        and type = 'message' order by id limit 1`;
    await page.goto(`${baseUrl}/widgets/${channel_id}/${seg.id}/?lang=en`);
    const button = page.locator(".w-btn-primary").first();
    await button.waitFor();
    const [fg, bg] = await button.evaluate((
      el,
    ) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    assert.equal(bg, "rgb(224, 122, 95)");
    assert.equal(fg, "rgb(28, 34, 48)", "dark text on the light orange button");
    await shot("widget-dark-button-text-1280");
    await assertAccessible(page, "the widget with the orange button");
  },
);

browserTest(
  "back office details - drawing winners asks how many and among which tab, then confirms, and is recorded",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [seg] = await server.sql<{ segment_id: number }[]>`
      select segment_id from messages where liked and status = 'received' and moderation in ('none','approved')
      group by segment_id having count(*) >= 3 order by count(*) desc limit 1`;
    const before = await server
      .sql`select count(*)::int as n from messages where winner and segment_id = ${seg.segment_id}`;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/participations/${seg.segment_id}`);
      await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
      await page.getByRole("button", { name: "Draw winners…" }).click();
      const dialog = page.getByRole("dialog", { name: "Draw winners" });
      await dialog.waitFor();
      // nothing is drawn before the confirmation
      const count = dialog.getByLabel("Number of winners (1 to 50)");
      assert.equal(await count.evaluate((el) => el === document.activeElement), true, "focus on the count");
      await count.fill("51");
      assert.ok(await dialog.getByRole("button", { name: "Continue" }).isDisabled());
      await count.fill(width === 375 ? "1" : "2");
      await dialog.getByLabel("Among").selectOption("liked");
      await shot(`draw-ask-${width}`);
      await assertAccessible(page, `the draw dialog at ${width}`);
      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.getByText(/among: Liked participations\?/).waitFor();
      await shot(`draw-confirm-${width}`);
      if (width === 375) {
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "hidden" });
        const same = await server
          .sql`select count(*)::int as n from messages where winner and segment_id = ${seg.segment_id}`;
        assert.equal(same[0].n, before[0].n, "a cancelled draw draws nobody");
        continue;
      }
      await dialog.getByRole("button", { name: "Draw 2 winners" }).click();
      await dialog.getByText(/^2 winners drawn among \d+\.$/).waitFor();
      await dialog.getByText(/Draw no\. \d+ is recorded with its seed/).waitFor();
      await shot(`draw-done-${width}`);
      await assertAccessible(page, "the draw's result");
      await dialog.getByRole("button", { name: "Close" }).last().click();
    }
    const [draw] = await server.sql`select count, tab, exclude_previous, user_id is not null as who, seed
      from winner_draws where segment_id = ${seg.segment_id}`;
    assert.deepEqual({ ...draw, seed: undefined }, {
      count: 2,
      tab: "liked",
      exclude_previous: true,
      who: true,
      seed: undefined,
    });
    assert.deepEqual(consoleErrors, []);
  },
);

browserTest(
  "back office details - message counts use each language's plural forms (Polish has three)",
  async ({ page, baseUrl, server, shot }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [{ channel_id }] = await server.sql<{ channel_id: number }[]>`
      select channel_id::int as channel_id from users where login = 'operator'`;
    // every message is unread: the count and the unread count each take their plural form
    const expected: Record<string, Record<number, string>> = {
      en: { 1: "1 message · 1 unread", 2: "2 messages · 2 unread" },
      pl: {
        1: "1 wiadomość · 1 nieprzeczytana",
        2: "2 wiadomości · 2 nieprzeczytane",
        5: "5 wiadomości · 5 nieprzeczytanych",
        22: "22 wiadomości · 22 nieprzeczytane",
      },
      fr: { 1: "1 message · 1 non lu", 2: "2 messages · 2 non lus" },
    };
    const segments = new Map<number, number>();
    for (const n of [1, 2, 5, 22]) {
      const segment = await randomSegment(server.sql, channel_id, { type: "message", title: `Counted ${n}` });
      for (let i = 0; i < n; i++) await randomMessage(server.sql, { id: segment.id, channelId: channel_id });
      segments.set(n, segment.id);
    }
    for (const [language, byCount] of Object.entries(expected)) {
      await server.sql`update users set language = ${language} where login = 'operator'`;
      for (const [n, text] of Object.entries(byCount)) {
        await page.goto(`${baseUrl}/participations/${segments.get(Number(n))}`);
        await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
        assert.equal((await page.locator(".inbox-total").textContent())?.trim(), text, `${language} ${n}`);
      }
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await shot("plural-pl-375");
  },
);
