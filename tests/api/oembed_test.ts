import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";

Deno.test("oembed - rich answers for widget and share links of this server", async (t) => {
  const ctx = await testApp({ env: { PUBLIC_URL: "https://im.example.org" } });
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [seg] = await ctx.sql<{ id: number; uuid: string; channel_id: number; title: string }[]>`
      select id, uuid, channel_id, title from segments where status = 'published' order by id limit 1`;
    const [draft] = await ctx.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where status = 'draft' limit 1`;
    const get = (url: string, extra = "") =>
      ctx.request(`/oembed?url=${encodeURIComponent(url)}${extra}`, { headers: { "accept-language": "en" } });

    await t.step("a share link gives the single-interaction widget", async () => {
      const res = await get(`https://im.example.org/s/${seg.uuid}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      const body = await res.json();
      assert.equal(body.version, "1.0");
      assert.equal(body.type, "rich");
      assert.equal(body.title, seg.title);
      assert.equal(body.provider_name, "Interaction Manager");
      assert.ok(body.html.includes(`https://im.example.org/widgets/${seg.channel_id}/${seg.id}/`));
    });

    await t.step("a channel widget address, sized by maxwidth", async () => {
      const body = await (await get("https://im.example.org/widgets/channel/1/", "&maxwidth=320")).json();
      assert.equal(body.title, "Radio Horizon");
      assert.equal(body.width, 320);
      assert.match(body.html, /width="320"/);
    });

    await t.step("maxwidth and maxheight below 200 px are respected, as oEmbed requires", async () => {
      const res = await get("https://im.example.org/widgets/channel/1/", "&maxwidth=100&maxheight=120");
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.deepEqual([body.width, body.height], [100, 120]);
      assert.match(body.html, /width="100"/);
      assert.match(body.html, /height="120"/);
    });

    await t.step("unknown, foreign, draft or mismatched addresses are 404", async () => {
      for (
        const url of [
          "https://evil.example/widgets/channel/1/",
          "https://im.example.org/widgets/channel/999999/",
          `https://im.example.org/widgets/${draft.channel_id}/${draft.id}/`,
          `https://im.example.org/widgets/${seg.channel_id + 1000}/${seg.id}/`,
          "https://im.example.org/s/00000000-0000-4000-8000-000000000000",
        ]
      ) {
        const res = await get(url);
        assert.equal(res.status, 404, url);
        assert.equal((await res.json()).code, "not_found");
      }
    });

    await t.step("xml is not served; a missing url is a 400", async () => {
      const res = await get("https://im.example.org/widgets/channel/1/", "&format=xml");
      assert.equal(res.status, 501);
      assert.equal((await res.json()).message, "Only the JSON format is served.");
      assert.equal((await ctx.request("/oembed")).status, 400);
    });

    await t.step("widget pages advertise their oEmbed address", async () => {
      const html = await (await ctx.request("/widgets/channel/1/")).text();
      assert.match(
        html,
        /<link rel="alternate" type="application\/json\+oembed" href="https:\/\/im\.example\.org\/oembed\?url=https%3A%2F%2Fim\.example\.org%2Fwidgets%2Fchannel%2F1%2F"/,
      );
      assert.match(html, /<script src="\/static\/build\/js\/widget-resize\.js\?v=\w+" async><\/script>/);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("oembed - the single-interaction widget advertises its oEmbed address and sizing script", async () => {
  const ctx = await testApp({ env: { PUBLIC_URL: "https://im.example.org" } });
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [seg] = await ctx.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments
      where status = 'published' and (end_date is null or end_date > now()) and start_date <= now()
      order by id limit 1`;
    const html = await (await ctx.request(`/widgets/${seg.channel_id}/${seg.id}/`)).text();
    const self = encodeURIComponent(`https://im.example.org/widgets/${seg.channel_id}/${seg.id}/`);
    assert.ok(html.includes(`href="https://im.example.org/oembed?url=${self}"`));
    assert.match(html, /widget-resize\.js/);
  } finally {
    await ctx.close();
  }
});
