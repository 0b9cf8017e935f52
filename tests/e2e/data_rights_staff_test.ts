// Inbox message detail: the date the channel's retention erases a message, and an administrator's
// erasure of the listener's data after a confirmation. Operators do not see the button.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `data rights - an administrator erases a listener's data from the inbox at ${viewport.width}px`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const w = viewport.width;
      const [radio] = await server.sql<
        { id: number }[]
      >`select id::int as id from channels order by id limit 1`;
      await server.sql`update channels set retention_months = 12 where id = ${radio.id}`;
      const [segment] = await server.sql<{ id: number }[]>`
        select id::int as id from segments where channel_id = ${radio.id} and type = 'message' limit 1`;
      const [message] = await server.sql<{ id: number }[]>`
        insert into messages (channel_id, segment_id, type, text, author_name, device_id, created_at)
        values (${radio.id}, ${segment.id}, 'message', 'Please erase me, Octave', 'Octave', 'dev-octave',
          now() + interval '1 hour')
        returning id::int as id`;

      // the administrator chooses the channel's retention in its settings
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      await page.goto(`${baseUrl}/channels/${radio.id}?lang=en`);
      await page.waitForSelector('[data-island="ChannelForm"][data-hydrated]');
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      const options = await page.getByLabel("Erase old participations").locator("option").allTextContents();
      assert.deepEqual(options, [
        "Never (keep them)",
        "After 3 months",
        "After 6 months",
        "After 12 months",
        "After 24 months",
      ]);
      await page.getByLabel("Erase old participations").selectOption("6");
      await page.getByLabel("Erase old participations").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-rights/settings-${w}.png` }).catch(() => {});
      const saved = page.waitForResponse((r) =>
        r.request().method() === "PUT" && r.url().endsWith(`/api/v1/channels/${radio.id}`)
      );
      await page.getByRole("button", { name: "Save" }).click();
      assert.equal((await saved).status(), 200);
      const [settings] = await server.sql`select retention_months from channels where id = ${radio.id}`;
      assert.equal(settings.retention_months, 6);
      await server.sql`update channels set retention_months = 12 where id = ${radio.id}`;

      await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
      await page.goto(`${baseUrl}/participations/${segment.id}?lang=en`);
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item-button").first().click();
      await page.getByText("Please erase me, Octave").last().waitFor();
      await page.getByText(/Personal data will be erased on \d\d\/\d\d\/\d{4}/).waitFor();
      assert.equal(await page.getByRole("button", { name: "Erase this listener's data" }).count(), 0);

      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      await page.goto(`${baseUrl}/participations/${segment.id}?lang=en`);
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item-button").first().click();
      await page.getByRole("button", { name: "Erase this listener's data" }).click();
      await page.getByRole("alertdialog").waitFor();
      await shot(`rights-staff-confirm-${w}`);
      await page.screenshot({ path: `/tmp/shots-rights/staff-confirm-${w}.png`, fullPage: true }).catch(
        () => {},
      );
      const erased = page.waitForResponse((r) => r.url().endsWith("/api/v1/listener_erasure"));
      await page.getByRole("button", { name: "Erase", exact: true }).click();
      assert.equal((await erased).status(), 200);
      await page.locator(".inbox-erase-on", { hasText: "Personal data erased" }).waitFor();
      await shot(`rights-staff-erased-${w}`);
      await page.screenshot({ path: `/tmp/shots-rights/staff-erased-${w}.png`, fullPage: true }).catch(
        () => {},
      );
      const [row] = await server
        .sql`select text, author_name, device_id from messages where id = ${message.id}`;
      assert.deepEqual({ ...row }, { text: null, author_name: null, device_id: null });
      const [log] = await server.sql`select reason, staff_user_id is not null as by_staff from erasure_log`;
      assert.deepEqual({ ...log }, { reason: "staff", by_staff: true });
      assert.deepEqual(consoleErrors, []);
    },
    { viewport },
  );
}
