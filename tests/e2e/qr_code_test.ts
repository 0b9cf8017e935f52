import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `qr-code - shows a code and downloads svg and png at ${viewport.width}px`,
    async ({ page, baseUrl, shot, consoleErrors }) => {
      await page.goto(
        `${baseUrl}/qr-code?qrData=${encodeURIComponent("https://example.com/s/hello")}&lang=en`,
      );
      await page.waitForSelector('[data-island="QrDownload"][data-hydrated] button');
      assert.equal(await page.locator(".qr-code svg").count(), 1);
      await shot(`${viewport.width}`);
      const [svg] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download SVG" }).click(),
      ]);
      assert.equal(svg.suggestedFilename(), "qr-code.svg");
      const svgText = await Deno.readTextFile(await svg.path());
      assert.match(svgText, /^<svg/);
      const [png] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download PNG" }).click(),
      ]);
      assert.equal(png.suggestedFilename(), "qr-code.png");
      const bytes = await Deno.readFile(await png.path());
      assert.deepEqual([...bytes.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
      assert.deepEqual(consoleErrors, []);
    },
    { viewport },
  );
}
