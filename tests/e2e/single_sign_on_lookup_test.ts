// The login page's "Sign in with …" for an address typed before the page's script ran (a slow network, or
// the browser's own autofill): the address is looked up when the script starts, not only when the field
// is left again. An address without a provider is a plain answer, never an error in the console.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "./_browser.ts";

/** Opens /login with its scripts held back, types `email` and leaves the field, then lets the scripts run. */
async function typeBeforeScript(page: Page, url: string, email: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => release = resolve);
  await page.route("**/static/build/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  // a module script holds DOMContentLoaded back: wait for the field the server drew instead
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForSelector("#login-email");
  await page.fill("#login-email", email);
  await page.press("#login-email", "Tab");
  assert.equal(
    await page.locator('[data-island="LoginPanel"][data-hydrated]').count(),
    0,
    "typed before the script ran",
  );
  const lookup = page.waitForResponse((res) => res.url().includes("/api/v1/auth/sso?"));
  release();
  const res = await lookup;
  await page.unroute("**/static/build/**/*.js");
  return res;
}

browserTest(
  "login - an address typed before the script ran is offered its provider at once",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const [channel] = await server.sql<{ channel_id: number }[]>`
      select channel_id::int from users where login = 'manager'`;
    // the lookup reads the button's name and domains only: no provider needs to run for it
    await server.sql`insert into channel_sso (channel_id, display_name, issuer, client_id, client_secret_enc,
      email_domains) values (${channel.channel_id}, 'Radio Directory', 'https://login.example.com', 'im',
      'sealed', ${["example.com"]})`;

    const found = await typeBeforeScript(page, `${baseUrl}/login`, "operator@example.com");
    assert.equal(found.status(), 200);
    const button = page.getByRole("link", { name: "Sign in with Radio Directory" });
    await button.waitFor();
    assert.equal(await page.inputValue("#login-email"), "operator@example.com", "what was typed stays");
    assert.match(
      (await button.getAttribute("href"))!,
      new RegExp(`^/sso/start\\?channel=${channel.channel_id}`),
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await shot(`found-${width}`);
    }

    const none = await typeBeforeScript(page, `${baseUrl}/login`, "someone@elsewhere.org");
    assert.equal(none.status(), 200, "no provider is an answer, not a 404");
    assert.deepEqual(await none.json(), { provider: null });
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated]');
    assert.equal(await page.locator(".auth-sso").count(), 0);
    assert.deepEqual(consoleErrors, []);
  },
);
