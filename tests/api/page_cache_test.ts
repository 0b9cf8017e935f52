// The render cache of the widget pages and static files from memory: a page is kept, a change
// of the channel, the segment, its availability or its choices is on the next load (through the API or
// straight in the database), per-request pages never come from it, and encodings and 304 stay right.
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { demoStaff, notificationsHeard, openSegmentId, type TestApp, testApp } from "../_helpers.ts";
import { PAGE_RENDER_CACHE } from "../../lib/rules/constants.ts";

const page = async (ctx: TestApp, path: string, headers: Record<string, string> = {}) => {
  const res = await ctx.request(path, { headers: { "accept-language": "en", ...headers } });
  return { res, html: await res.text() };
};

Deno.test("page cache - widget pages are kept until staff change them; encodings, 304, static files", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const staff = await demoStaff(ctx);
    const manager = await staff.token("manager");
    const openId = await openSegmentId(ctx.sql, staff.radio, { withChoices: true });
    const single = `/widgets/${staff.radio}/${openId}/`;
    const home = `/widgets/channel/${staff.radio}/`;
    // the first load of a page starts listening to the database; from the second on, pages are kept
    await page(ctx, single);

    await t.step(
      "a page is kept: a change the database does not announce shows only after the lifetime",
      async () => {
        const first = await page(ctx, single);
        assert.equal(first.res.status, 200);
        await ctx.sql`alter table channels disable trigger channels_public_page`;
        try {
          await ctx.sql`update channels set label = 'Quiet Label' where id = ${staff.radio}`;
          const kept = await page(ctx, single);
          assert.equal(kept.html, first.html);
          assert.equal(kept.res.headers.get("etag"), first.res.headers.get("etag"));
          const later = Date.now() + PAGE_RENDER_CACHE.ttlMs + 1000;
          ctx.deps.now = () => new Date(later);
          assert.match((await page(ctx, single)).html, /Quiet Label/);
        } finally {
          ctx.deps.now = undefined;
          await ctx.sql`alter table channels enable trigger channels_public_page`;
        }
      },
    );

    await t.step(
      "a kept page is answered before the app's routing, with or without its final slash",
      async () => {
        for (const path of [single, single.replace(/\/$/, ""), home, `${single}?lang=pl&width=400`]) {
          await page(ctx, path);
          await page(ctx, path);
          // the cache reads the app's clock once; a request that reached the routes would read it again
          let reads = 0;
          ctx.deps.now = () => (reads++, new Date());
          try {
            assert.equal((await page(ctx, path)).res.status, 200);
            assert.equal(reads, 1, path);
          } finally {
            ctx.deps.now = undefined;
          }
        }
      },
    );

    await t.step(
      "staff change the channel's title and colour through the API: both pages show it next",
      async () => {
        await page(ctx, single);
        await page(ctx, home);
        const res = await ctx.request(`/api/v1/channels/${staff.radio}`, {
          token: manager,
          method: "PUT",
          json: { label: "Radio Cached", widget_primary_color: "#123456" },
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
        const after = await page(ctx, single);
        assert.match(after.html, /Radio Cached/);
        assert.match(after.html, /--w-primary:#123456/);
        // the channel home's colour is its buttons' (customisation) when set: its title is the change here
        assert.match((await page(ctx, home)).html, /<title>Radio Cached<\/title>/);
      },
    );

    await t.step("staff rename the interaction and add a choice through the API", async () => {
      await page(ctx, single);
      const choices = await ctx.sql<{ id: number; label: string }[]>`
        select id, label from segment_choices where segment_id = ${openId} order by position`;
      const res = await ctx.request(`/api/v1/show_segments/${openId}`, {
        token: manager,
        method: "PUT",
        json: { title: "Renamed While Cached", choices: [...choices, { label: "A Brand New Choice" }] },
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
      const after = await page(ctx, single);
      assert.match(after.html, /Renamed While Cached/);
      assert.match(after.html, /A Brand New Choice/);
    });

    await t.step(
      "a change straight in the database (another instance, a tool) is on the next load",
      async () => {
        await page(ctx, single);
        await ctx.sql`update segments set title = 'Renamed By Hand' where id = ${openId}`;
        await ctx.sql`insert into segment_choices (segment_id, position, label)
        values (${openId}, 50, 'Choice Added By Hand')`;
        await notificationsHeard(ctx);
        const after = await page(ctx, single);
        assert.match(after.html, /Renamed By Hand/);
        assert.match(after.html, /Choice Added By Hand/);
      },
    );

    await t.step("closing the interaction is on the next load: the page says it is unavailable", async () => {
      assert.equal((await page(ctx, single)).res.status, 200);
      const res = await ctx.request(`/api/v1/show_segments/${openId}`, {
        token: manager,
        method: "PUT",
        json: { end_date: new Date(Date.now() - 60_000).toISOString() },
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
      assert.equal((await page(ctx, single)).res.status, 410);
      await ctx.sql`update segments set end_date = null where id = ${openId}`;
      await notificationsHeard(ctx);
      assert.equal((await page(ctx, single)).res.status, 200);
    });

    await t.step("a page kept for one language is not served in another", async () => {
      await page(ctx, single, { "accept-language": "pl" });
      const en = await page(ctx, single, { "accept-language": "en" });
      const pl = await page(ctx, single, { "accept-language": "pl" });
      assert.match(en.html, /<html lang="en"/);
      assert.match(pl.html, /<html lang="pl"/);
    });

    await t.step(
      "a staff preview and a shared participation are never served from the kept page",
      async () => {
        await page(ctx, single);
        await page(ctx, home);
        const cookie = `im_session=${manager}`;
        const preview = await page(ctx, `${single}?preview=1`, { cookie });
        assert.equal(preview.res.status, 200);
        assert.match(preview.res.headers.get("cache-control")!, /private/);
        const [draft] = await ctx.sql<{ id: number }[]>`
        select id from segments where channel_id = ${staff.radio} and status = 'draft' limit 1`;
        const draftPath = `/widgets/${staff.radio}/${draft.id}/?preview=1`;
        assert.equal((await page(ctx, draftPath, { cookie })).res.status, 200);
        assert.equal((await page(ctx, draftPath)).res.status, 410);
        // an unknown share token: the widget with a 404, never the kept 200 page
        const shared = await page(ctx, `${home}?s=${crypto.randomUUID()}`);
        assert.equal(shared.res.status, 404);
        assert.match(shared.res.headers.get("cache-control")!, /private/);
      },
    );

    await t.step(
      "a kept page is sent brotli, gzip or plain, the same bytes, with ETags and 304",
      async () => {
        await page(ctx, single);
        const plain = await ctx.request(single, { headers: { "accept-language": "en" } });
        const html = await plain.text();
        const br = await ctx.request(single, {
          headers: { "accept-language": "en", "accept-encoding": "br" },
        });
        const gzip = await ctx.request(single, {
          headers: { "accept-language": "en", "accept-encoding": "gzip" },
        });
        assert.equal(br.headers.get("content-encoding"), "br");
        assert.equal(gzip.headers.get("content-encoding"), "gzip");
        assert.equal(plain.headers.get("content-encoding"), null);
        assert.equal(
          new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await br.arrayBuffer()))),
          html,
        );
        assert.equal(new TextDecoder().decode(gunzipSync(new Uint8Array(await gzip.arrayBuffer()))), html);
        const etag = plain.headers.get("etag")!;
        assert.match(etag, /^"[\w-]+"$/);
        assert.equal(br.headers.get("etag"), etag.replace(/"$/, '-br"'));
        assert.match(br.headers.get("vary")!, /accept-encoding/i);
        assert.match(br.headers.get("cache-control")!, /s-maxage=\d+, stale-while-revalidate=\d+/);
        assert.equal(br.headers.get("x-content-type-options"), "nosniff");
        const revalidated = await ctx.request(single, {
          headers: {
            "accept-language": "en",
            "accept-encoding": "br",
            "if-none-match": br.headers.get("etag")!,
          },
        });
        assert.equal(revalidated.status, 304);
        assert.equal(await revalidated.text(), "");
        assert.equal(revalidated.headers.get("etag"), br.headers.get("etag"));
        const head = await ctx.app.request(single, { method: "HEAD", headers: { "accept-language": "en" } });
        assert.equal(head.status, 200);
        assert.equal(head.headers.get("etag"), etag);
        assert.equal(await head.text(), "");
      },
    );

    await t.step("static files come from memory with their build copies, a strong ETag and 304", async () => {
      const path = "/static/css/base.css";
      const plain = await ctx.request(path);
      const text = await plain.text();
      const br = await ctx.request(path, { headers: { "accept-encoding": "br" } });
      assert.equal(br.status, 200);
      assert.equal(br.headers.get("content-encoding"), "br");
      assert.match(br.headers.get("content-type")!, /text\/css/);
      assert.equal(
        new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await br.arrayBuffer()))),
        text,
      );
      assert.equal(br.headers.get("cache-control"), "public, max-age=3600");
      const etag = br.headers.get("etag")!;
      assert.match(etag, /^"[\w-]+-br"$/);
      const again = await ctx.request(path, { headers: { "accept-encoding": "br", "if-none-match": etag } });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), "");
      const versioned = await ctx.request(`${path}?v=abc`);
      assert.equal(versioned.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.equal(await versioned.text(), text);
      const missing = await ctx.request("/static/css/none-such.css");
      assert.equal(missing.status, 404);
      await missing.body?.cancel();
    });
  } finally {
    await ctx.close();
  }
});
