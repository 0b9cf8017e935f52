// The audit page as an administrator sees it: the channel's entries at the channel's time, the zone named, a
// filter by action, the CSV link; in two languages, at 375 and 1280 px.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import { recordAudit } from "../../lib/audit/service.ts";
import { wallClock } from "../../lib/rules/wall_clock.ts";

const TEXTS = {
  en: {
    title: "Audit log",
    changed: "Media settings changed",
    signIn: "Signed in",
    time: "Time",
  },
  pl: {
    title: "Dziennik audytu",
    changed: "Zmieniono ustawienia medium",
    signIn: "Zalogowanie",
    time: "Czas",
  },
} as const;

for (const lang of ["en", "pl"] as const) {
  browserTest(
    `audit log - the channel's page, filtered by action (${lang})`,
    async ({ page, baseUrl, server, shot }) => {
      const texts = TEXTS[lang];
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [manager] = await server.sql<{ id: number; channel_id: number }[]>`
      update users set language = ${lang} where login = 'manager' returning id::int, channel_id::int`;
      await server.sql`update channels set time_zone = 'America/Montreal' where id = ${manager.channel_id}`;
      const actor = { id: manager.id, login: "manager", channel_id: manager.channel_id };
      await recordAudit(server.sql, { actor, address: "192.0.2.7", action: "sign_in" });
      await recordAudit(server.sql, {
        actor,
        address: "192.0.2.7",
        action: "channel_settings_changed",
        object: ["channel", manager.channel_id],
        details: { fields: ["ftp_password", "label"] },
      });
      await page.goto(`${baseUrl}/audit`);
      await page.getByRole("heading", { name: texts.title }).waitFor();
      const rows = page.locator(".audit-table tbody tr");
      assert.equal(await rows.count(), 2);
      assert.match(await rows.first().innerText(), new RegExp(texts.changed));
      const time = await rows.first().locator("time").innerText();
      // day first in every language, as every date the app shows, on the channel's clock
      const today = wallClock(new Date(), "America/Montreal");
      assert.match(time, /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d \(America\/Montreal\)$/);
      assert.ok(time.startsWith(`${today.day}/${today.month}/${today.year} `), time);
      assert.match(time, / \d\d:\d\d:\d\d \(America\/Montreal\)$/, "on the channel's clock, the zone named");
      const heading = await page.locator(".audit-table th").first().textContent();
      assert.equal(heading, texts.time, "the column says no zone: each time names its own");
      await assertAccessible(page, "audit log");
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await shot(`audit-${width}`);
      }
      await page.selectOption("#audit-action", "sign_in");
      await Promise.all([
        page.waitForURL(/action=sign_in/),
        page.click(".audit-filters button[type=submit]"),
      ]);
      assert.equal(await rows.count(), 1);
      assert.match(await rows.first().innerText(), new RegExp(texts.signIn));
      const href = await page.locator('a[href^="/api/v1/audit/export"]').getAttribute("href");
      assert.match(href ?? "", /action=sign_in/, "the CSV has the page's filters");
    },
  );
}
