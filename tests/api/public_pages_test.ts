import assert from "node:assert/strict";
import { notificationsHeard, openSegmentId, testApp } from "../_helpers.ts";
import { PUBLIC_PAGE_CACHE } from "../../lib/rules/constants.ts";

Deno.test("public pages - shared caches keep widget pages briefly; description, robots.txt, image sizes", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    const openId = await openSegmentId(ctx.sql, radio);
    const shared = `public, max-age=0, s-maxage=${PUBLIC_PAGE_CACHE.sMaxAgeSeconds}, ` +
      `stale-while-revalidate=${PUBLIC_PAGE_CACHE.staleWhileRevalidateSeconds}`;

    for (const path of [`/widgets/channel/${radio}/`, `/widgets/${radio}/${openId}/`]) {
      await t.step(`${path} may be kept by a CDN, per language, with a description`, async () => {
        const res = await ctx.request(`${path}?lang=en`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("cache-control"), shared);
        assert.match(res.headers.get("vary")!, /accept-language/i);
        const html = await res.text();
        assert.match(html, /<meta name="description" content="[^"]*take part[^"]*"/i);
      });
    }

    await t.step("the same page for an in-app browser: the overlay is decided in the browser", async () => {
      const path = `/widgets/${radio}/${openId}/?lang=en`;
      const plain = await (await ctx.request(path)).text();
      const inApp =
        await (await ctx.request(path, { headers: { "user-agent": "Mozilla/5.0 Instagram 300" } }))
          .text();
      assert.equal(inApp, plain);
    });

    await t.step("stock backgrounds carry their width and height", async () => {
      await ctx.sql`update channels set background_url = '/static/backgrounds/bg-2.jpg' where id = ${radio}`;
      await notificationsHeard(ctx); // the page seen before is kept until the database's notification drops it
      const html = await (await ctx.request(`/widgets/${radio}/${openId}/?lang=en`)).text();
      assert.match(html, /<img [^>]*src="\/static\/backgrounds\/bg-\d\.jpg"[^>]*width="1080" height="1920"/);
    });

    await t.step("robots.txt lets the widgets be indexed, not the back office", async () => {
      const res = await ctx.request("/robots.txt");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/plain/);
      const text = await res.text();
      assert.match(text, /^User-agent: \*$/m);
      assert.match(text, /^Allow: \/widgets\/$/m);
      assert.match(text, /^Disallow: \/$/m);
    });
  } finally {
    await ctx.close();
  }
});
