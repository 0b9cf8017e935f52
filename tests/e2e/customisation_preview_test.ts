// The customisation preview shows the button as the widget will draw it: white text chosen on a yellow
// button (1.5:1) is written dark on the widget, so the preview shows dark too and says why.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { contrastRatio, MIN_CONTRAST } from "../../lib/rules/customisation.ts";

const hex = (rgb: string) =>
  "#" + (rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, "0")).join("");

for (const width of [1280, 375]) {
  browserTest(
    `customisation preview - white chosen on a yellow button shows the widget's dark text, readable (${width} px)`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "admin", { welcomeSeen: true });
      const [channel] = await server.sql<{ id: number }[]>`
        select channel_id::int as id from users where login = 'manager'`;
      await page.goto(`${baseUrl}/customisation?channel=${channel.id}&lang=en`);
      await page.waitForSelector('[data-island="CustomisationForm"][data-hydrated] .customisation-preview');
      await page.locator("#btn_1_color").fill("#ffd43b");
      await page.locator("#btn_1_text_color").fill("#ffffff");
      const button = page.locator(".customisation-preview .preview-btn");
      await page.waitForFunction(() => {
        const el = document.querySelector(".customisation-preview .preview-btn");
        return el && getComputedStyle(el).backgroundColor === "rgb(255, 212, 59)";
      });
      const [bg, fg] = await button.evaluate((
        el,
      ) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
      assert.equal(hex(fg), "#1c2230");
      assert.ok(contrastRatio(hex(bg), hex(fg)) >= MIN_CONTRAST, `${bg} / ${fg}`);
      await page.getByText("The widget writes this button's text in a readable colour instead").waitFor();
      await Deno.mkdir("tests/e2e/screenshots", { recursive: true });
      await button.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `tests/e2e/screenshots/customisation-preview-${width}.png` });
      assert.deepEqual(consoleErrors, []);
    },
    { viewport: { width, height: 800 } },
  );
}
