// The share page of a participation that came by a phone line: the listener reads as "Listener" with their
// city, as in the inbox, and their number never shows; a picture sent by MMS is shown as a picture with its
// caption.
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

browserTest(
  "line share page - an MMS picture shows as a picture, with its caption under it",
  async ({ page, baseUrl, server, shot }) => {
    const png = await Deno.readFile(new URL("../../static/backgrounds/bg-3.jpg", import.meta.url));
    const key = `processed/${crypto.randomUUID()}.jpg`;
    await server.deps.storage.put(key, png, "image/jpeg");
    const [message] = await server.sql<{ token: string; channel_id: number }[]>`
      with picture as (
        insert into media (channel_id, kind, original_path, playable_path, extension, content_type, status)
        select channel_id, 'image', ${key}, ${key}, 'jpg', 'image/jpeg', 'ready' from messages
        where status = 'received' and moderation in ('none', 'approved') order by id limit 1
        returning id, channel_id)
      update messages m set medium = 'sms', author_name = null, author_city = 'Lyon', author_app_user_id = null,
        shared_at = now(), media_id = picture.id, text = 'Sunset over the bay',
        content = m.content || '{"text": "Sunset over the bay"}'::jsonb
      from picture
      where m.id = (
        select id from messages where status = 'received' and moderation in ('none', 'approved')
          and channel_id = picture.channel_id order by id limit 1)
      returning m.share_token::text as token, m.channel_id::int as channel_id`;
    await page.goto(`${baseUrl}/widgets/channel/${message.channel_id}/?lang=en&s=${message.token}`);
    await page.locator("[data-ready]").waitFor();
    const picture = page.locator(".cw-shared img.cw-player");
    await picture.waitFor();
    assert.equal(
      await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      true,
    );
    assert.equal(
      await page.locator(".cw-shared audio, .cw-shared video").count(),
      0,
      "no player for a picture",
    );
    assert.equal((await page.locator(".cw-quote").textContent())?.trim(), "Sunset over the bay");
    await shot("line-share-page-picture-375");
  },
  { viewport: { width: 375, height: 800 } },
);
