// An operator may read an interaction's settings but not change them: the form says so at its top and its
// fields look disabled (grey, dashed, no text cursor), where they used to look like any editable field.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { contrastRatio, MIN_CONTRAST } from "../../lib/rules/customisation.ts";

const hex = (rgb: string) =>
  "#" + (rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, "0")).join("");

for (const width of [1280, 375]) {
  browserTest(
    `interaction edit form - read only for an operator: said at the top, fields that look disabled (${width} px)`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      const [seg] = await server.sql<{ id: number }[]>`
        select s.id::int from segments s join users u on u.channel_id = s.channel_id
        where u.login = 'operator' and s.status <> 'trash' order by s.id limit 1`;
      await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      await page.getByText("Read only: your role lets you see this interaction's settings, not change them.")
        .waitFor();
      const title = page.locator("#seg-title");
      assert.equal(await title.isDisabled(), true);
      const style = await title.evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, color: s.color, border: s.borderTopStyle, cursor: s.cursor };
      });
      assert.notEqual(style.background, "rgb(255, 255, 255)", "not the white of an editable field");
      assert.equal(style.border, "dashed");
      assert.equal(style.cursor, "not-allowed");
      // still readable
      assert.ok(
        contrastRatio(hex(style.background), hex(style.color)) >= MIN_CONTRAST,
        JSON.stringify(style),
      );
      await Deno.mkdir("tests/e2e/screenshots", { recursive: true });
      await page.screenshot({ path: `tests/e2e/screenshots/read-only-form-${width}.png` });

      // an administrator's form has no such notice and white fields
      await loginAs(page, server, baseUrl, "admin", { welcomeSeen: true });
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      assert.equal(await page.locator(".segment-read-only").count(), 0);
      assert.equal(
        await page.locator("#seg-title").evaluate((el) => getComputedStyle(el).backgroundColor),
        "rgb(255, 255, 255)",
      );
      assert.deepEqual(consoleErrors, []);
    },
    { viewport: { width, height: 800 } },
  );
}
