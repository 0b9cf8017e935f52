// The channel's lines page at 375 and 1280 px: a WhatsApp line names the approved template it sends outside
// the 24-hour window (saved with the line, said on its card), and the link to the held messages counts those
// waiting for staff.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import en from "../../locales/en.json" with { type: "json" };

for (const width of [375, 1280]) {
  browserTest(
    `phone lines - a WhatsApp line's template is set on its card, held messages counted (${width} px)`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [{ channel }] = await server.sql<{ channel: number }[]>`
        select channel_id::int as channel from users where login = 'manager'`;
      const [{ line }] = await server.sql<{ line: number }[]>`
        insert into phone_lines (channel_id, kind, label, address)
        values (${channel}, 'whatsapp', 'Morning WhatsApp', '106540352242922') returning id::int as line`;
      await server.sql`
        insert into line_held_messages (channel_id, line_id, medium, reason, text)
        values (${channel}, ${line}, 'whatsapp', 'no_interaction', 'Hello?'),
          (${channel}, ${line}, 'whatsapp', 'no_interaction', 'Anyone?')`;
      await page.goto(`${baseUrl}/channels/${channel}/lines`);
      await page.waitForSelector('[data-island="LinesPanel"][data-hydrated]');
      const held = page.locator("a.held-link");
      assert.equal((await held.locator("[aria-hidden]").textContent())?.trim(), "2");
      const card = page.locator(".line-card").first();
      await card.getByText(en.lines.template_none).waitFor();
      await card.getByLabel(en.lines.template_name).fill("studio_reply");
      await card.getByLabel(en.lines.template_language).fill("en_US");
      await card.getByRole("button", { name: en.lines.template_save }).click();
      await card.getByText(en.lines.template_hint).waitFor();
      const [saved] = await server.sql<{ template_name: string; template_language: string }[]>`
        select template_name, template_language from phone_lines where id = ${line}`;
      assert.deepEqual(saved, { template_name: "studio_reply", template_language: "en_US" });
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - globalThis.innerWidth
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px too wide`);
      await assertAccessible(page, "lines with a template");
      await page.evaluate(() => scrollTo(0, 0));
      await shot(`lines-template-${width}`);
      assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
    },
    { viewport: { width, height: 900 } },
  );
}
