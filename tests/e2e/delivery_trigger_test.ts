// The interaction form offers what automatic delivery sends once a delivery is chosen; the
// choice is saved by the form's autosave. Screenshots at 1280 and 375 px go to /tmp/shots-22/.
import assert from "node:assert/strict";
import { browserTest, loginAs, waitUntil } from "./_browser.ts";

for (const width of [1280, 375]) {
  browserTest(
    `delivery trigger - the form sends only messages marked for air, at ${width} px`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [segment] = await server.sql<{ id: number }[]>`
        update segments set delivery_option = 'none' where id = (
          select id from segments where type = 'recording_question' order by id limit 1) returning id::int`;
      await page.goto(`${baseUrl}/interactions/${segment.id}`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      assert.equal(await page.locator("#seg-delivery-trigger").count(), 0, "no trigger without a delivery");
      await page.getByLabel("Delivery of the messages").selectOption("ftpclassic");
      const trigger = page.getByLabel("Send automatically");
      assert.equal(await trigger.inputValue(), "accepted");
      await trigger.selectOption("air");
      await waitUntil(async () => {
        const [row] = await server.sql`select delivery_option, delivery_trigger from segments
          where id = ${segment.id}`;
        return row.delivery_option === "ftpclassic" && row.delivery_trigger === "air";
      }, "the trigger saved");
      await Deno.mkdir("/tmp/shots-22", { recursive: true });
      await trigger.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-22/delivery-trigger-${width}.png` });
      assert.deepEqual(consoleErrors, []);
    },
    { viewport: { width, height: width === 375 ? 800 : 900 } },
  );
}
