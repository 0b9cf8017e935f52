import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

const SHOTS = "/tmp/shots-23/";

for (const width of [375, 1280]) {
  browserTest(
    `channel time zone - picked in the settings form at ${width} px`,
    async ({ page, server, baseUrl }) => {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      await page.goto(`${baseUrl}/settings?edit&lang=en`);
      // the form's script must be running before a choice is made, or the choice is not in what it saves
      await page.waitForSelector('[data-island="ChannelForm"][data-hydrated]');
      const zone = page.getByLabel("Time zone");
      await zone.waitFor();
      assert.equal(await zone.inputValue(), "Europe/Paris");
      await zone.selectOption("America/New_York");
      await zone.scrollIntoViewIfNeeded();
      await Deno.mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}settings-time-zone-${width}.png` });
      await page.getByRole("button", { name: "Save" }).first().click();
      // the toggle reads "Stop editing" while the form is open: only the exact "Edit" and the toast say it saved
      await page.getByText("Saved !").first().waitFor();
      await page.getByRole("button", { name: "Edit", exact: true }).waitFor();
      const [row] = await server.sql<{ time_zone: string }[]>`
      select time_zone from channels where id = (select channel_id from users where login = 'manager')`;
      assert.equal(row.time_zone, "America/New_York");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
      assert.equal(overflow, false);
      await assertAccessible(page, "settings");
    },
    { viewport: { width, height: width < 500 ? 800 : 900 } },
  );
}
