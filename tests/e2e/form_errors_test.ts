// Back-office forms (back-office §8): the server's message for each wrong field shows under that field, in
// the staff member's language, tied to it for screen readers, and the focus goes to the first one.
import assert from "node:assert/strict";
import { describedError } from "./_field_errors.ts";
import { browserTest, loginAs } from "./_browser.ts";

for (
  const { lang, name, create } of [
    { lang: "en", name: "Give the media a name.", create: "Create" },
    { lang: "fr", name: "Donnez un nom au média.", create: "Créer" },
  ]
) {
  browserTest(
    `channel form - an empty name is said under the name field, in the staff member's language (${lang})`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "admin", { welcomeSeen: true });
      await server.sql`update users set language = ${lang} where login = 'admin'`;
      await page.goto(`${baseUrl}/channels/new`);
      await page.waitForSelector('[data-island="ChannelForm"][data-hydrated] form');
      assert.equal(await page.locator("#label").getAttribute("aria-invalid"), null);
      await page.getByRole("button", { name: create, exact: true }).click();

      const error = page.locator("#label-error");
      await error.waitFor();
      assert.equal(await error.textContent(), name);
      assert.equal(await page.locator("#label").getAttribute("aria-invalid"), "true");
      assert.equal(await describedError(page, "label"), name);
      // the first wrong field takes the focus
      assert.equal(await page.evaluate(() => document.activeElement?.id), "label");
      // the message is next to its field: just below the input, in the same field block
      const [input, text] = [await page.locator("#label").boundingBox(), await error.boundingBox()];
      assert.ok(input && text && text.y >= input.y + input.height && text.y - (input.y + input.height) < 40);

      await page.screenshot({ path: `tests/e2e/screenshots/form-errors-channel-${lang}-1280.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.locator("#label").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tests/e2e/screenshots/form-errors-channel-${lang}-375.png` });
      // typing a name and saving again clears the message
      await page.locator("#label").fill("Radio Test");
      await page.getByRole("button", { name: create, exact: true }).click();
      await page.waitForURL(/\/channels\/\d+/);
      assert.deepEqual(consoleErrors.filter((e) => !e.includes("400")), []);
    },
  );
}

browserTest(
  "user form - a missing login, a bad e-mail and a bad phone show three messages at once, each under its field",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "admin", { welcomeSeen: true });
    const [operator] = await server.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    await page.goto(`${baseUrl}/users/${operator.id}`);
    await page.waitForSelector('[data-island="UserProfile"][data-hydrated] form');
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("Login", { exact: true }).fill("");
    await page.getByLabel("Email", { exact: true }).fill("not-an-address");
    await page.getByLabel("Telephone", { exact: true }).fill("12");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.locator(".field-error").first().waitFor();
    const ids = await page.locator("[aria-invalid='true']").evaluateAll((els) => els.map((e) => e.id));
    assert.equal(ids.length, 3, ids.join());
    const texts = await Promise.all(ids.map((id) => describedError(page, id)));
    assert.deepEqual(texts, ["Login required", "Invalid email", "Invalid telephone"]);
    assert.equal(await page.evaluate(() => document.activeElement?.id), ids[0]);
    await page.screenshot({ path: "tests/e2e/screenshots/form-errors-user-en-1280.png", fullPage: true });
  },
);
