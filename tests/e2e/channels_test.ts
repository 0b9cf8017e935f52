import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

const LOGO = new URL("../../static/backgrounds/thumb-2.jpg", import.meta.url).pathname;

// The customisation preview shows the colours the user picks (the form warns on low contrast).
const axe = (page: Page, where: string) => assertAccessible(page, where, [".customisation-preview"]);

/** Closes the welcome help item when it opens by itself (first visit). */
async function closeWelcome(page: Page) {
  const dialog = page.locator("dialog.help-modal");
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  await dialog.getByRole("button", { name: "Got it" }).click();
  await dialog.waitFor({ state: "hidden" });
}

browserTest(
  "channels - a super administrator creates, edits and restores a TV channel; its administrator customises it",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "admin");
    await page.goto(`${baseUrl}/channels?lang=en`);
    await closeWelcome(page);
    assert.equal(await page.locator(".channel-table tbody tr").count(), 2);
    await shot("list-1280");
    await axe(page, "/channels");

    // the welcome help item is shown once, and reopens from the menu with comments
    await page.reload();
    await page.waitForSelector('[data-island="WelcomeHelp"] button:not([disabled])');
    assert.equal(await page.locator("dialog.help-modal[open]").count(), 0);
    await page.getByRole("button", { name: "Help" }).click();
    await page.getByLabel("Your comment or question").fill("Where do I find the QR code?");
    await page.getByRole("button", { name: "Send the comment" }).click();
    await page.getByText("Thank you, your comment is sent.").waitFor();
    await shot("help-1280");
    await page.keyboard.press("Escape");

    // the super administrator writes the welcome item in Portuguese
    await page.getByRole("link", { name: "Edit the help" }).click();
    await page.waitForSelector('[data-island="HelpItemEditor"][data-hydrated] form');
    await page.getByRole("button", { name: "Portuguese" }).click();
    await page.getByLabel("Title").fill("Bem-vindo!");
    await page.getByLabel("Text", { exact: true }).fill("# Olá\n\nCrie a sua primeira **interação**.");
    await Promise.all([
      page.waitForResponse((r) =>
        r.request().method() === "PUT" && r.url().endsWith("/api/v1/help_item/welcome/pt")
      ),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    const [pt] = await server.sql`select title from help_items where key = 'welcome' and language = 'pt'`;
    assert.equal(pt.title, "Bem-vindo!");
    await shot("help-items-1280");
    await axe(page, "/help-items");
    await page.goto(`${baseUrl}/channels`);

    // create a TV channel with a logo and a stock background
    await page.getByRole("link", { name: "Create a media" }).first().click();
    await page.waitForURL(/\/channels\/new/);
    await page.waitForSelector('[data-island="ChannelForm"][data-hydrated] form');
    await page.getByLabel("Name", { exact: true }).fill("Canal Test TV");
    await page.locator(".segmented label", { hasText: "TV" }).click();
    await page.getByAltText("Stock background 3").click();
    await page.locator('input[type="file"][accept="image/png,image/jpeg"]').first().setInputFiles(LOGO);
    await page.waitForSelector(".logo-preview img");
    await shot("new-1280");
    await axe(page, "/channels/new");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/channels\/\d+$/);
    await page.getByText("Saved !").waitFor();
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const [created] = await server.sql`select * from channels where id = ${id}`;
    assert.equal(created.type, "tv");
    assert.equal(created.status, "demo");
    assert.equal(created.background_url, "/static/backgrounds/bg-3.jpg");
    assert.match(created.logo_url, /^\/media\/channels\/\d+\/logo-.+\.jpg$/);
    const logo = await page.request.get(`${baseUrl}${created.logo_url}`);
    assert.equal(logo.status(), 200);
    assert.equal(logo.headers()["content-type"], "image/jpeg");
    await shot("detail-1280");
    await axe(page, "/channels/{id}");

    // edit, restore the saved copy, then save a change
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("Name", { exact: true }).fill("Something else");
    await page.locator(".segmented label", { hasText: "Press" }).click();
    await page.getByRole("button", { name: "Restore" }).click();
    assert.equal(await page.getByLabel("Name", { exact: true }).inputValue(), "Canal Test TV");
    assert.equal(await page.locator('input[name="type"][value="tv"]').isChecked(), true);
    await page.locator(".segmented label", { hasText: "Active" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Canal Test TV HD");
    await Promise.all([
      page.waitForResponse((r) =>
        r.request().method() === "PUT" && r.url().endsWith(`/api/v1/channels/${id}`)
      ),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    await page.getByRole("button", { name: "Edit", exact: true }).waitFor();
    await page.getByText("Saved !").first().waitFor();
    const [edited] = await server.sql`select label, status from channels where id = ${id}`;
    assert.deepEqual({ ...edited }, { label: "Canal Test TV HD", status: "active" });

    // assign an administrator through the users API, as the super administrator
    const [manager] = await server.sql<{ id: number }[]>`select id from users where login = 'manager'`;
    const moved = await page.request.put(`${baseUrl}/api/v1/user/${manager.id}`, {
      data: { channel_id: id },
      headers: { origin: baseUrl },
    });
    assert.equal(moved.status(), 200);
    await loginAs(page, server, baseUrl, "manager");
    await page.goto(`${baseUrl}/channels?lang=en`);
    await page.waitForURL(new RegExp(`/channels/${id}$`));
    await closeWelcome(page);
    assert.equal(await page.getByRole("link", { name: "Back to the admin" }).count(), 0);
    const other = await page.goto(`${baseUrl}/channels/1?lang=en`);
    assert.equal(other?.status(), 404);

    // the administrator edits the customisation: the defaults load after 1 s
    await page.goto(`${baseUrl}/customisation?lang=en`);
    await page.getByText("Loading the default customisation…").waitFor();
    await page.getByLabel("Button colour", { exact: true }).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByLabel("Consent title").inputValue(), "Consent Personal Data");
    await page.getByLabel("Button colour", { exact: true }).fill("#e07a5f");
    await page.getByLabel("Thank-you text").fill("Thanks for watching!");
    await shot("customisation-1280");
    await axe(page, "/customisation");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved !").waitFor();
    const [custom] = await server.sql`select customisation from channels where id = ${id}`;
    assert.equal(custom.customisation.btn_1_color, "#e07a5f");
    assert.equal(custom.customisation.text_thanks, "Thanks for watching!");
    assert.equal(custom.customisation.title_consent, "Consent Personal Data");

    await page.goto(`${baseUrl}/home?lang=en`);
    await shot("home-1280");
    await axe(page, "/home");

    // the channel's widgets show its logo and the new colours
    const [segment] = await server.sql<{ id: number }[]>`
      insert into segments (channel_id, type, title, text, status, start_date, from_mode, to_mode,
        gather_information)
      values (${id}, 'message', 'Your message to the newsroom', 'Tell us', 'published',
        now() - interval '1 hour', 'now', 'permanent', false)
      returning id`;
    await page.goto(`${baseUrl}/widgets/channel/${id}/?lang=en`);
    assert.equal(await page.locator(".cw-logo img").getAttribute("src"), created.logo_url);
    await page.locator(".cw-slide", { hasText: "Your message to the newsroom" }).waitFor();
    assert.equal(
      await page.locator(".cw-participate").first().evaluate((el) => getComputedStyle(el).backgroundColor),
      "rgb(224, 122, 95)",
    );
    await shot("channel-widget-1280");
    await page.goto(`${baseUrl}/widgets/${id}/${segment.id}/?lang=en`);
    const button = page.locator(".w-btn-primary").first();
    await button.waitFor();
    assert.equal(await button.evaluate((el) => getComputedStyle(el).backgroundColor), "rgb(224, 122, 95)");
    await shot("single-widget-1280");
    assert.deepEqual(consoleErrors.filter((e) => !/404/.test(e)), []);
  },
);

browserTest(
  "channels - phone layout: list, channel, settings and help at 375px",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "admin");
    await page.goto(`${baseUrl}/channels?lang=en`);
    await closeWelcome(page);
    await shot("list-375");
    await axe(page, "/channels at 375");
    // the sidebar is hidden and opens from the menu button, by keyboard too
    assert.equal(
      await page.locator("#sidebar").isVisible() && (await page.locator("#sidebar").boundingBox())!.x >= 0,
      false,
    );
    await page.locator("#sidebar-toggle").focus();
    await page.keyboard.press("Space");
    // slid in: the 0.2 s transition ends (a fixed sleep misses it on a loaded machine)
    await page.waitForFunction(() => document.getElementById("sidebar")!.getBoundingClientRect().x >= 0);
    await shot("menu-375");
    await page.goto(`${baseUrl}/channels/1?lang=en&edit`);
    await page.waitForSelector('[data-island="ChannelForm"] form');
    await shot("detail-375");
    await axe(page, "/channels/1 at 375");
    // the help item reopens from the phone menu and closes with Escape
    await page.locator(".topbar-menu").click();
    await page.getByRole("button", { name: "Help" }).click();
    await page.locator("dialog.help-modal[open]").waitFor();
    await shot("help-375");
    await page.keyboard.press("Escape");
    await page.locator("dialog.help-modal").waitFor({ state: "hidden" });
    await loginAs(page, server, baseUrl, "manager");
    await page.goto(`${baseUrl}/settings?lang=en`);
    await closeWelcome(page);
    await page.waitForSelector('[data-island="ChannelForm"] form');
    await shot("settings-375");
    await axe(page, "/settings at 375");
    await page.goto(`${baseUrl}/customisation?lang=en`);
    await page.getByLabel("Button colour", { exact: true }).waitFor();
    await shot("customisation-375");
    await page.goto(`${baseUrl}/home?lang=en`);
    await shot("home-375");
    await axe(page, "/home at 375");
    assert.deepEqual(consoleErrors.filter((e) => !/404/.test(e)), []);
  },
  { viewport: { width: 375, height: 740 } },
);
