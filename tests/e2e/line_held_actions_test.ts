// Staff settle the channel's held messages from their page: reached from the moderation page's link, which
// counts those waiting (as the lines page does), each waiting card moves into an interaction chosen in its
// list or is dismissed; a refusal (a closed interaction) is said under the buttons and the card still waits.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import en from "../../locales/en.json" with { type: "json" };

for (const width of [375, 1280]) {
  browserTest(
    `held line messages - staff move one into an interaction and dismiss another (${width} px)`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const [{ channel }] = await server.sql<{ channel: number }[]>`
        select id::int as channel from channels order by id limit 1`;
      const [{ wall }] = await server.sql<{ wall: number }[]>`
        insert into segments (channel_id, type, title, text, status, start_date)
        values (${channel}, 'message', 'Studio wall', 'Write to us', 'published', now() - interval '1 hour')
        returning id::int as wall`;
      const [{ closed }] = await server.sql<{ closed: number }[]>`
        insert into segments (channel_id, type, title, text, status, start_date, end_date)
        values (${channel}, 'message', 'Morning requests', 'Ask', 'published', now() - interval '3 hours',
          now() - interval '2 hours')
        returning id::int as closed`;
      const [{ line }] = await server.sql<{ line: number }[]>`
        insert into phone_lines (channel_id, kind, label, address) values (${channel}, 'sms', 'Studio SMS', '+3370')
        returning id::int as line`;
      await server.sql`
        insert into line_held_messages (channel_id, line_id, medium, segment_id, reason, text, author_name,
          author_city, created_at)
        values
          (${channel}, ${line}, 'sms', null, 'no_interaction', 'Can you play our song at six?', null, 'Lyon',
            now() - interval '3 minutes'),
          (${channel}, ${line}, 'sms', null, 'no_interaction', 'WIN WIN WIN', null, 'Brest',
            now() - interval '2 minutes'),
          (${channel}, null, 'whatsapp', ${closed}, 'closed', 'Still time to ask?', 'Amélie', null,
            now() - interval '1 minute')`;
      await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });

      await page.goto(`${baseUrl}/moderation`);
      const link = page.locator(`a.held-link[href="/channels/${channel}/held-messages"]`);
      assert.equal((await link.locator("[aria-hidden]").textContent())?.trim(), "3", "three wait");
      assert.match((await link.textContent()) ?? "", /3 waiting/);
      await shot(`moderation-${width}`);
      await link.click();
      await page.waitForURL(`**/channels/${channel}/held-messages`);

      const card = (text: string) => page.locator(".held-card", { hasText: text });
      const song = card("play our song");
      await song.locator("select").waitFor();
      const move = song.getByRole("button", { name: en.lines.held_move });
      assert.equal(await move.isDisabled(), true, "nothing to move into before one is chosen");
      await song.locator("select").selectOption({ label: "Studio wall" });
      await shot(`held-choose-${width}`);
      await move.click();
      await card("play our song").locator('[data-resolution="moved"], .held-reason a').first().waitFor();
      await page.locator(".held-card", { hasText: "play our song" }).getByRole("link", {
        name: en.lines.held_moved.replace("{{interaction}}", "Studio wall"),
      }).waitFor();
      const [message] = await server.sql<{ text: string; medium: string }[]>`
        select text, medium from messages where segment_id = ${wall}`;
      assert.deepEqual(message, { text: "Can you play our song at six?", medium: "sms" });

      await card("WIN WIN").getByRole("button", { name: en.lines.held_dismiss }).click();
      await card("WIN WIN").getByText(en.lines.held_dismissed, { exact: true }).waitFor();
      assert.equal(await card("WIN WIN").locator("select").count(), 0, "a dismissed message has no actions");

      const late = card("Still time");
      await late.locator("select").selectOption({ label: "Morning requests" });
      await late.getByRole("button", { name: en.lines.held_move }).click();
      const alert = late.getByRole("alert");
      await alert.waitFor();
      assert.equal((await alert.textContent())?.trim(), en.errors.segment_unavailable);
      assert.equal(await late.getAttribute("data-resolution"), "waiting");

      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - globalThis.innerWidth
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px too wide`);
      await assertAccessible(page, "held messages with actions");
      await shot(`held-settled-${width}`);

      await page.goto(`${baseUrl}/moderation`);
      await page.locator("main").waitFor();
      assert.equal((await link.locator("[aria-hidden]").textContent())?.trim(), "1", "one still waits");
      assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
    },
    { viewport: { width, height: 900 } },
  );
}
