// The channel's held messages: what its lines received that no interaction took, one card per message with
// the listener as "Listener · city" (or their WhatsApp name), their text or file, and why it was held.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

for (const width of [375, 1280]) {
  browserTest(
    `held line messages - staff read what no interaction took, with why (${width} px)`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const jpg = await Deno.readFile(new URL("../../static/backgrounds/bg-3.jpg", import.meta.url));
      const key = `participations/${crypto.randomUUID()}.jpg`;
      await server.deps.storage.put(key, jpg, "image/jpeg");
      const [{ channel }] = await server.sql<{ channel: number }[]>`
        select id::int as channel from channels order by id limit 1`;
      const [{ segment }] = await server.sql<{ segment: number }[]>`
        select id::int as segment from segments where channel_id = ${channel} order by id limit 1`;
      const [{ line }] = await server.sql<{ line: number }[]>`
        insert into phone_lines (channel_id, kind, label, address) values (${channel}, 'sms', 'Studio SMS', '+3370')
        returning id::int as line`;
      const [{ media }] = await server.sql<{ media: string }[]>`
        insert into media (channel_id, kind, original_path, playable_path, extension, content_type, status)
        values (${channel}, 'image', ${key}, ${key}, 'jpg', 'image/jpeg', 'ready') returning id::text as media`;
      await server.sql`
        insert into line_held_messages (channel_id, line_id, medium, segment_id, reason, text, media_id, media_kind,
          author_name, author_city, created_at)
        values
          (${channel}, ${line}, 'sms', null, 'no_interaction', 'Can you play our song at six?', null, null,
            null, 'Lyon', now() - interval '3 minutes'),
          (${channel}, ${line}, 'sms', ${segment}, 'wrong_type', null, ${media}::uuid, 'image', null, 'Brest',
            now() - interval '2 minutes'),
          (${channel}, null, 'whatsapp', ${segment}, 'closed', 'Still time to vote?', null, null, 'Amélie', null,
            now() - interval '1 minute'),
          (${channel}, ${line}, 'sms', ${segment}, 'quiz_over', 'B', null, null, null, 'Nice', now())`;
      await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
      await page.goto(`${baseUrl}/channels/${channel}/held-messages`);
      const cards = page.locator(".held-card");
      await cards.first().waitFor();
      assert.equal(await cards.count(), 4);
      const authors = await page.locator(".held-head strong").allTextContents();
      assert.deepEqual(
        authors,
        ["Listener · Nice", "Amélie", "Listener · Brest", "Listener · Lyon"],
        "newest first",
      );
      assert.match((await cards.nth(3).locator(".held-reason").textContent()) ?? "", /fed no interaction/);
      assert.match(
        (await cards.nth(0).locator(".held-reason").textContent()) ?? "",
        /was over/,
        "a quiz's end",
      );
      const picture = cards.nth(2).locator("img");
      await picture.waitFor();
      assert.equal(
        await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        true,
      );
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - globalThis.innerWidth
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px too wide`);
      await assertAccessible(page, "held messages");
      await shot(`held-messages-${width}`);
      assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
    },
    { viewport: { width, height: 900 } },
  );
}
