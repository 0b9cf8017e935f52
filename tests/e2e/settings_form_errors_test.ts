// The media's settings and its customisation say every refused field at once, each under its own field in
// words that say what to fix: they used to show one error at a time, or "This value is not valid".
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertUnder, describedError } from "./_field_errors.ts";
import { browserTest, loginAs, waitUntil } from "./_browser.ts";

/** Each field says its own message, right under it (at most 40 px below the field's bottom edge). */
async function assertSaid(page: Page, expected: Record<string, string>) {
  for (const [id, text] of Object.entries(expected)) {
    await page.locator(`#${id}-error`).waitFor();
    assert.equal(await describedError(page, id), text, id);
    assert.equal(await page.locator(`#${id}`).getAttribute("aria-invalid"), "true", id);
    await assertUnder(page, id);
  }
  assert.equal(await page.locator(".field-error").count(), Object.keys(expected).length);
}

for (const width of [1280, 375]) {
  browserTest(
    `settings forms - the media and its customisation say every wrong field at once, in its own words (${width} px)`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });

      // the media: no name, a header link that is not a web address, a text zone too short
      await page.goto(`${baseUrl}/settings?edit&lang=en`);
      await page.waitForSelector('[data-island="ChannelForm"][data-hydrated] form');
      await page.locator("#label").fill("");
      await page.locator("#header_url").fill("ftp://radio.example/header");
      await page.locator("#text_length").fill("5");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await assertSaid(page, {
        label: "Give the media a name.",
        header_url: "Enter a web address starting with http:// or https://.",
        text_length: "Enter a length between 10 and 5000 characters.",
      });
      assert.equal(await page.evaluate(() => document.activeElement?.id), "label");
      await page.locator("#label").scrollIntoViewIfNeeded();
      await shot(`media-${width}`);

      // a customisation stored before today's limits (an imported one): a named colour, texts too long
      const [channel] = await server.sql<{ id: number }[]>`
        select channel_id::int as id from users where login = 'manager'`;
      await server.sql`update channels set customisation = customisation || ${
        server.sql.json({
          background_outer: "red",
          consent_gdpr: true,
          title_consent: "T".repeat(210),
          text_personal: "P".repeat(520),
        })
      } where id = ${channel.id}`;
      await page.goto(`${baseUrl}/customisation?lang=en`);
      await page.waitForSelector('[data-island="CustomisationForm"][data-hydrated] form');
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await assertSaid(page, {
        background_outer: "Choose a colour (# and six hexadecimal digits, e.g. #1a2b3c).",
        text_personal: "Shorten this text: 500 characters at most.",
        title_consent: "Shorten this text: 200 characters at most.",
      });
      assert.equal(await page.evaluate(() => document.activeElement?.id), "background_outer");
      // a long word of the stored text wraps in the preview instead of widening the page
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
        "no sideways scroll",
      );
      await shot(`customisation-${width}`);

      // corrected, it saves and the messages go
      await page.locator("#background_outer").fill("#223344");
      await page.locator("#text_personal").fill("Bienvenue !");
      await page.locator("#title_consent").fill("Vos données");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.locator(".field-error").first().waitFor({ state: "detached" });
      // the messages go as the fields are corrected: the save itself is waited for in what it stored
      const saved = await waitUntil(async () => {
        const [row] = await server.sql`select customisation from channels where id = ${channel.id}`;
        return row.customisation.text_personal === "Bienvenue !" && row;
      }, "the corrected customisation saved");
      assert.equal(saved.customisation.background_outer, "#223344");
      assert.deepEqual(consoleErrors.filter((e) => !e.includes("400")), []);
    },
    { viewport: { width, height: 800 } },
  );
}
