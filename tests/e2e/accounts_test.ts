import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, DEMO_PASSWORD, skip } from "./_browser.ts";
import { TOAST_MS } from "../../lib/rules/constants.ts";
import type { TestApp } from "../_helpers.ts";

const PHOTO = new URL("../../static/backgrounds/thumb-2.jpg", import.meta.url).pathname;

/**
 * /interactions belongs to another part of the product: when this build has no such page (the app
 * redirects unknown paths there), the browser gets a stand-in so the landing can be asserted.
 */
async function standInForInteractions(page: Page, server: TestApp) {
  const res = await server.request("/interactions");
  await res.body?.cancel();
  if (res.headers.get("location") !== "/interactions") return;
  await page.route(/\/interactions(\?.*)?$/, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><title>Interactions</title><h1>Interactions</h1></html>',
    }));
}

/** Closes the welcome help item when it opens by itself (first visit of an account). */
async function closeWelcome(page: Page) {
  const dialog = page.locator("dialog.help-modal");
  await dialog.waitFor({ state: "visible", timeout: 5000 }).catch(() => {});
  if (await dialog.isVisible()) {
    await dialog.getByRole("button", { name: "Got it" }).click();
    await dialog.waitFor({ state: "hidden" });
  }
}

async function openNewestLink(
  page: Page,
  baseUrl: string,
  kind: "confirm" | "reset",
  to: string,
  shot?: (name: string) => Promise<void>,
) {
  await page.goto(`${baseUrl}/dev/mailbox?lang=en`);
  if (shot) await shot(`mailbox-${kind}-1280`);
  const mail = page.locator(".mail").filter({ hasText: to }).first();
  await mail.locator(`a[href*="/${kind}/"]`).first().click();
  await page.waitForURL(new RegExp(`/${kind}/`));
}

browserTest(
  "accounts - register, confirm from the mailbox, edit the profile and avatar, reset the password, log in again",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await standInForInteractions(page, server);
    await page.goto(`${baseUrl}/login?lang=en`);
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
    await shot("login-1280");
    await assertAccessible(page, "/login");

    // register: the rules first, then the after-register modal
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByRole("button", { name: "Create my account" }).click();
    assert.equal(await page.getByText("All fields are required").count() > 0, true);
    await page.getByLabel("First name").fill("Jane");
    await page.getByLabel("Last name").fill("Doe");
    await page.getByLabel("Login").fill("jdoe");
    await page.getByLabel("Email").fill("jane@example.org");
    await page.getByLabel("Telephone").fill("061 234 5678");
    await page.getByLabel("Password", { exact: true }).fill("weak");
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.getByText("Invalid password").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("Secret-123!");
    await page.getByLabel("Language").selectOption("en");
    await page.getByRole("button", { name: "Create my account" }).click();
    const modal = page.locator("dialog.auth-modal");
    await modal.waitFor({ state: "visible" });
    await modal.getByText("We sent a confirmation link to jane@example.org.").waitFor();
    await shot("register-modal-1280");
    await assertAccessible(page, "/login after register");
    await modal.getByRole("button", { name: "Got it" }).click();
    assert.equal(await page.getByLabel("Email").inputValue(), "jane@example.org");

    // not confirmed yet: a clear refusal
    await page.getByLabel("Password", { exact: true }).fill("Secret-123!");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Your account is not confirmed yet").waitFor();

    // the confirmation link of the mailbox logs in directly and lands on /interactions
    await openNewestLink(page, baseUrl, "confirm", "jane@example.org", shot);
    await page.getByText("Welcome Jane Doe!").waitFor();
    await shot("confirm-1280");
    await page.waitForSelector('[data-island="TokenPasswordForm"][data-hydrated]');
    await page.getByRole("button", { name: "Confirm my account" }).click();
    await page.waitForURL(/\/interactions$/);

    // the profile: edit mode, 'Saved !', avatar
    const [jane] = await server.sql<{ id: number }[]>`select id from users where email = 'jane@example.org'`;
    await page.goto(`${baseUrl}/users/${jane.id}`);
    await closeWelcome(page);
    await page.waitForSelector('[data-island="UserProfile"][data-hydrated] form');
    assert.equal(await page.getByLabel("First name").isDisabled(), true);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("First name").fill("Janet");
    await page.getByLabel("Login").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Login required").first().waitFor();
    await page.getByLabel("Login").fill("jdoe");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved !").first().waitFor();
    await page.getByRole("button", { name: "Edit", exact: true }).waitFor();
    const [edited] = await server.sql`select first_name from users where id = ${jane.id}`;
    assert.equal(edited.first_name, "Janet");
    await page.locator('.avatar-field input[type="file"]').setInputFiles(PHOTO);
    await page.waitForSelector(".avatar-preview img");
    await page.waitForSelector(".topbar .avatar img, .avatar-preview img");
    const [withPhoto] = await server.sql`select image_url from users where id = ${jane.id}`;
    assert.match(withPhoto.image_url, /^\/media\/users\/\d+\/avatar-.+\.jpg$/);
    // the 2 s toasts go away before the picture (at once: the clock skips them)
    await skip(page, TOAST_MS.success);
    await page.waitForFunction(() => !document.querySelector(".toast"));
    await shot("profile-1280");
    await assertAccessible(page, "/users/{id}");

    // reset the password from the profile: own account, so the session ends
    await page.getByRole("button", { name: "Reset password by e-mail" }).click();
    await page.getByText("Email to change password sent to jane@example.org.").waitFor();
    await page.getByText("You are logged out.").waitFor();
    const me = await page.request.get(`${baseUrl}/api/v1/users/current`);
    assert.equal(me.status(), 401);

    await openNewestLink(page, baseUrl, "reset", "jane@example.org");
    await page.waitForSelector('[data-island="TokenPasswordForm"][data-hydrated]');
    await assertAccessible(page, "/reset/{token}");
    await shot("reset-1280");
    await page.getByLabel("New password").fill("Another-456!");
    await page.getByLabel("Repeat the password").fill("Another-456?");
    await page.getByRole("button", { name: "Change my password" }).click();
    await page.getByText("The two passwords differ.").waitFor();
    await page.getByLabel("Repeat the password").fill("Another-456!");
    await page.getByRole("button", { name: "Change my password" }).click();
    await page.waitForURL(/\/login\?reset/);
    await page.getByText("Your password is changed. Log in with the new one.").waitFor();
    await assertAccessible(page, "/login?reset");
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');

    // the old password no longer works, the new one does
    await page.getByLabel("Password", { exact: true }).fill("Secret-123!");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Invalid login or password").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("Another-456!");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/interactions$/);
    assert.equal((await page.request.get(`${baseUrl}/api/v1/users/current`)).status(), 200);
    // 400: the profile saved with an empty login, refused by the server; 401/403: the refused log-ins
    assert.deepEqual(consoleErrors.filter((e) => !/status of 40[013]/.test(e)), []);
  },
  { clock: true },
);

browserTest(
  "accounts - a super administrator logs in through the form, lands in admin mode and switches company",
  async ({ page, baseUrl, server, shot }) => {
    await standInForInteractions(page, server);
    await server.sql`update users set language = 'en'`;
    await server.sql`insert into help_item_seen (user_id, help_item_key) select id, 'welcome' from users`;
    await page.goto(`${baseUrl}/users`);
    await page.waitForURL(/\/login\?next=%2Fusers$/);
    await page.goto(`${baseUrl}/login?lang=en`);
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill("wrong");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Invalid login or password").waitFor();
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL(/\/channels$/),
      page.getByRole("button", { name: "Log in" }).click(),
    ]);
    assert.equal(await page.locator(".admin.admin-mode").count(), 1);
    assert.equal(await page.locator(".topbar-title").innerText(), "Interaction Manager - Admin");
    await page.getByRole("link", { name: "Create a media" }).first().waitFor();
    const header = await page.locator(".topbar").evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(header, "rgb(17, 24, 39)");

    // every account in admin mode
    await page.goto(`${baseUrl}/users`);
    assert.equal(await page.locator(".user-table tbody tr").count(), 3);
    await shot("users-admin-1280");
    await assertAccessible(page, "/users");

    // switch to the radio: /interactions, then its staff only
    const [admin] = await server.sql<{ id: number }[]>`select id from users where login = 'admin'`;
    await page.goto(`${baseUrl}/users/${admin.id}`);
    await page.waitForSelector('[data-island="CompanySwitch"][data-hydrated]');
    await shot("profile-admin-1280");
    await page.getByLabel("Media", { exact: true }).first().selectOption({ label: "Radio Horizon" });
    await Promise.all([
      page.waitForURL(/\/interactions$/),
      page.getByRole("button", { name: "Switch company" }).click(),
    ]);
    await page.goto(`${baseUrl}/users`);
    assert.equal(await page.locator(".admin.admin-mode").count(), 0);
    assert.equal(await page.locator(".user-table tbody tr").count(), 3); // the admin visits the radio
    await page.goto(`${baseUrl}/users/${admin.id}`);
    await page.waitForSelector('[data-island="CompanySwitch"][data-hydrated]');
    await page.getByLabel("Media", { exact: true }).first().selectOption({ label: "None (admin mode)" });
    await Promise.all([
      page.waitForURL(/\/channels$/),
      page.getByRole("button", { name: "Switch company" }).click(),
    ]);
    assert.equal(await page.locator(".admin.admin-mode").count(), 1);

    // log out from the menu
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login\?logged_out$/);
    await page.getByText("You are logged out.").waitFor();
  },
);

browserTest(
  "accounts - phone layout of login, register modal, users list and profile",
  async ({ page, baseUrl, server, shot }) => {
    await standInForInteractions(page, server);
    await server.sql`update users set language = 'en'`;
    await server.sql`insert into help_item_seen (user_id, help_item_key) select id, 'welcome' from users`;
    await page.goto(`${baseUrl}/login?lang=en`);
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
    await shot("login-375");
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("First name").fill("Ana");
    await page.getByLabel("Last name").fill("Silva");
    await page.getByLabel("Login").fill("asilva");
    await page.getByLabel("Email").fill("ana@example.org");
    await page.getByLabel("Telephone").fill("+351912345678");
    await page.getByLabel("Password", { exact: true }).fill("Segredo-123!");
    await shot("register-375");
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.locator("dialog.auth-modal").waitFor({ state: "visible" });
    await shot("register-modal-375");
    await page.getByRole("button", { name: "Got it" }).click();

    await page.getByLabel("Email").fill("manager@example.com");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL(/\/interactions$/),
      page.getByRole("button", { name: "Log in" }).click(),
    ]);
    await page.goto(`${baseUrl}/users`);
    assert.equal(await page.locator(".user-table tbody tr").count(), 2);
    await shot("users-375");
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 375, `no horizontal scroll (${scroll})`);

    // the administrator adds an operator, then opens its profile
    await page.getByRole("link", { name: "Add a user" }).click();
    await page.waitForSelector('[data-island="UserProfile"][data-hydrated] form');
    await page.getByLabel("Login").fill("newop");
    await page.getByLabel("Email").fill("newop@example.com");
    await page.getByLabel("First name").fill("Noé");
    await page.getByLabel("Last name").fill("Petit");
    await page.getByRole("button", { name: "Create the user" }).click();
    await page.waitForURL(/\/users\/\d+$/);
    await page.getByText("Saved !").first().waitFor();
    await page.getByText("This account has not confirmed its e-mail yet.").waitFor();
    await skip(page, TOAST_MS.success);
    await page.waitForFunction(() => !document.querySelector(".toast"));
    await shot("profile-375");
    const [mail] = await server.sql`select subject from outbox where to_address = 'newop@example.com'`;
    assert.equal(mail.subject, "Votre compte Interaction Manager vous attend"); // the new account speaks fr
    await page.getByRole("button", { name: "Reset password by e-mail" }).click();
    await page.getByText("Email to change password sent to newop@example.com.").waitFor();
    assert.equal(
      (await page.request.get(`${baseUrl}/api/v1/users/current`)).status(),
      200,
      "still logged in",
    );
  },
  { viewport: { width: 375, height: 812 }, clock: true },
);
