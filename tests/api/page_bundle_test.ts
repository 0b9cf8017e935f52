import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";

const scripts = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);

Deno.test("page bundle - the widget pages load their own bundle and its chunks, other pages the loader", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [seg] = await ctx.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where status = 'published' order by id limit 1`;
    for (
      const [url, name] of [
        [`/widgets/${seg.channel_id}/${seg.id}/?lang=en`, "SingleWidget"],
        [`/widgets/channel/${seg.channel_id}/?lang=en`, "ChannelWidget"],
      ]
    ) {
      const html = await (await ctx.request(url)).text();
      const [entry, ...others] = scripts(html);
      assert.deepEqual(others, [], url);
      assert.match(entry, new RegExp(`^/static/build/pages/${name}/${name}-\\w+\\.js$`), url);
      assert.ok(!html.includes("/static/build/app/client-"), `${url} does not load the shared loader`);
      assert.ok(!html.includes("/static/build/islands/"), `${url} does not load the shared island file`);
      // the chunks the entry imports are preloaded and served
      const chunks = preloads(html);
      assert.ok(
        chunks.length > 0 && chunks.every((c) => c.startsWith(`/static/build/pages/${name}/chunk-`)),
        url,
      );
      for (const file of [entry, ...chunks]) {
        const res = await ctx.request(file);
        assert.equal(res.status, 200, file);
        assert.match(res.headers.get("cache-control")!, /immutable/);
        await res.body?.cancel();
      }
    }
    const login = await (await ctx.request("/login")).text();
    assert.match(scripts(login)[0], /^\/static\/build\/app\/client-\w+\.js$/);
  } finally {
    await ctx.close();
  }
});
