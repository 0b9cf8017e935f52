import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, FAKE_MEDIA, storeListener } from "./_browser.ts";

/** What has the focus: its tag, its text, and whether it lies inside `within`. */
const focused = (page: Page, within: string) =>
  page.evaluate((within) => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? "", text: el?.textContent?.trim() ?? "", inside: !!el?.closest(within) };
  }, within);

browserTest(
  "widget focus - screen changes move the focus to the new heading; the login dialog traps and returns it, closes on Escape, and the page behind it is inert",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    const [vote] = await server.sql<{ id: number; title: string }[]>`
      select id::int as id, title from segments where channel_id = ${radio.id} and status = 'published'
      and type = 'single_choice_question' order by id limit 1`;

    // the single widget, by keyboard: Participate, then the voting screen has the focus and is said
    await page.goto(`${baseUrl}/widgets/${radio.id}/${vote.id}/?lang=en`);
    await page.locator('[data-island="SingleWidget"] .w-screen[data-ready] .w-init').waitFor();
    const go = page.locator(".w-init button").first();
    await go.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => !!document.activeElement?.closest(".w-screen:not(.w-screen-init)"));
    const screen = await focused(page, ".w-screen");
    assert.ok(screen.inside && screen.tag !== "BODY", JSON.stringify(screen));
    assert.match(screen.tag, /^H[1-3]$/, "the new screen's heading, read out by screen readers");

    // the channel widget: Participate opens the flow with the focus on it
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
    await page.locator("[data-ready]").waitFor();
    await page.getByRole("link", { name: "Participate" }).first().focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => !!document.activeElement?.closest(".cw-flow"));

    // the login dialog: focus inside, Tab cycles inside, closing gives it back to its opener
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&im_screen=space`);
    await page.getByText("Reserved space").waitFor();
    const opener = page.locator(".cw-reserved .cw-btn-alt");
    await opener.focus();
    await page.keyboard.press("Enter");
    await page.locator("[role=dialog]").waitFor();
    await page.waitForFunction(() => !!document.activeElement?.closest("[role=dialog]"));
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? "Shift+Tab" : "Tab");
      assert.ok((await focused(page, "[role=dialog]")).inside, `Tab ${i + 1} left the dialog`);
    }
    await assertAccessible(page, "login dialog");
    // the page beneath is inert while the dialog is open: neither clicks nor Tab reach it
    const inert = () => page.evaluate(() => document.querySelector(".cw-frame")?.closest("[inert]") !== null);
    assert.equal(await inert(), true, "the page behind the login panel is inert");
    await page.locator("[role=dialog] .cw-back").click();
    await page.locator("[role=dialog]").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.matches(".cw-reserved .cw-btn-alt"));
    assert.equal(await inert(), false, "the page is live again once the panel is closed");

    // Escape closes it too, from any step (here a field of the login by e-mail), and gives the focus back
    await page.keyboard.press("Enter");
    await page.locator("[role=dialog]").waitFor();
    await page.waitForFunction(() => !!document.activeElement?.closest("[role=dialog]"));
    await page.keyboard.press("Escape");
    await page.locator("[role=dialog]").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.matches(".cw-reserved .cw-btn-alt"));
    await page.keyboard.press("Enter");
    await page.locator("[role=dialog] .cw-btn").first().click();
    await page.locator("[role=dialog] input").first().focus();
    await page.keyboard.press("Escape");
    await page.locator("[role=dialog]").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.matches(".cw-reserved .cw-btn-alt"));
    assert.equal(await inert(), false);
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "widget focus - Record hands the focus to Stop, closing a participation to its Participate, deleting the account to the reserved space",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [radio] = await server.sql<
      { id: number }[]
    >`select id::int as id from channels order by id limit 1`;
    await server.sql`update channels set my_space_enabled = true where id = ${radio.id}`;
    const [voice] = await server.sql<{ id: number }[]>`
      select id::int as id from segments where channel_id = ${radio.id} and status = 'published'
      and type = 'recording_question' and to_mode = 'permanent' order by id limit 1`;

    // Record, by keyboard: the button is disabled while the microphone starts, then it is Stop, focused
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
    await page.locator("[data-ready]").waitFor();
    const participate = page.locator(`.cw-participate[href^="/widgets/${radio.id}/${voice.id}/"]`);
    await participate.focus();
    await page.keyboard.press("Enter");
    const record = page.getByRole("button", { name: "Record", exact: true });
    await record.focus();
    await page.keyboard.press("Enter");
    await page.locator(".recorder[data-state=recording]").waitFor();
    await page.waitForFunction(() => document.activeElement?.matches(".rec-button-stop"));
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Stop");
    await page.keyboard.press("Enter");
    await page.locator(".recorder[data-state=finished]").waitFor();

    // closing the participation: the focus comes back to the interaction's own Participate
    await page.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await page.locator(".cw-flow").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.classList.contains("cw-participate"));
    assert.match(
      (await page.evaluate(() => document.activeElement?.getAttribute("href")))!,
      new RegExp(`^/widgets/${radio.id}/${voice.id}/`),
    );

    // Delete my account: the confirmation takes the focus (on Cancel), Cancel gives it back, and once
    // deleted, the reserved space has it
    const [user] = await server.sql<{ id: number }[]>`
      insert into app_users (channel_id, nickname, email, language)
      values (${radio.id}, 'Capucine', 'capucine@example.com', 'en') returning id::int as id`;
    await storeListener(page, server, {
      id: user.id,
      nickname: "Capucine",
      language: "en",
      avatar_url: null,
    });
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&im_screen=space`);
    await page.getByRole("heading", { name: "My data" }).waitFor();
    await page.getByRole("button", { name: "Delete my account" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.textContent === "Cancel");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.textContent === "Delete my account");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Yes, delete everything" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Reserved space").waitFor();
    await page.waitForFunction(() => !!document.activeElement?.closest(".cw-reserved"));
    const where = await focused(page, ".cw-reserved");
    assert.equal(where.text, "Reserved space");
    assert.deepEqual(consoleErrors, []);
  },
  {
    viewport: { width: 375, height: 740 },
    chromiumArgs: FAKE_MEDIA,
  },
);
