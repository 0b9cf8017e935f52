// The share page of a participation that came by a phone line: the listener reads as "Listener" with their
// city, as in the inbox, and their number never shows.
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";

for (const width of [375, 1280]) {
  browserTest(
    `line share page - a phone line's listener reads as Listener with their city (${width} px)`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const [message] = await server.sql<{ token: string; channel_id: number }[]>`
        update messages set medium = 'sms', author_name = null, author_city = 'Lyon', author_app_user_id = null,
          shared_at = now()
        where id = (
          select id from messages where status = 'received' and moderation in ('none', 'approved')
            and text is not null and media_id is null order by id limit 1)
        returning share_token::text as token, channel_id::int as channel_id`;
      await page.goto(`${baseUrl}/widgets/channel/${message.channel_id}/?lang=en&s=${message.token}`);
      await page.getByText("Message posted on").waitFor();
      await page.locator("[data-ready]").waitFor();
      assert.equal((await page.locator(".cw-shared-author").textContent())?.trim(), "Listener · Lyon");
      assert.ok(!(await page.content()).includes("phone:"), "no trace of the number");
      await shot(`line-share-page-${width}`);
      assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
    },
    { viewport: { width, height: 800 } },
  );
}
