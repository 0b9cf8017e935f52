// The five languages at 375 px: what the walk (scripts/i18n_walk.ts) found too wide for its
// box in a language with longer words, held here in that language.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";

browserTest(
  "i18n layout - the vote integrity figures fit their boxes in Polish and Spanish at 375 px",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [seg] = await server.sql<{ id: number }[]>`
      select id::int as id from segments where type = 'single_choice_question' order by id limit 1`;
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    for (const lang of ["pl", "es"]) {
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=${lang}`);
      await page.waitForSelector('[data-island="VoteIntegrityPanel"][data-hydrated]');
      const labels = await page.locator(".integrity-figures dt").evaluateAll((dts) =>
        dts.map((dt) => ({ text: dt.textContent, fits: dt.scrollWidth <= dt.clientWidth }))
      );
      assert.equal(labels.length, 3);
      for (const label of labels) assert.ok(label.fits, `${lang}: "${label.text}" is wider than its box`);
    }
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 800 } },
);
