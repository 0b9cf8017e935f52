import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { testApp } from "../_helpers.ts";
import { islandFiles } from "../../framework/assets.ts";

const BR = { "accept-encoding": "gzip, deflate, br" };
const GZIP = { "accept-encoding": "gzip" };

Deno.test("compression - pages, JSON and static files are compressed and revalidated; media are not", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    const page = `/widgets/channel/${radio}`;

    await t.step("a page is sent brotli, or gzip, with Vary and a strong ETag per encoding", async () => {
      const plain = await ctx.request(page);
      assert.equal(plain.status, 200);
      assert.equal(plain.headers.get("content-encoding"), null);
      assert.match(plain.headers.get("vary")!, /accept-encoding/i);
      const html = await plain.text();
      assert.ok(html.startsWith("<!doctype html>"));

      const br = await ctx.request(page, { headers: BR });
      assert.equal(br.headers.get("content-encoding"), "br");
      assert.match(br.headers.get("vary")!, /accept-encoding/i);
      const brBytes = new Uint8Array(await br.arrayBuffer());
      assert.ok(brBytes.length < html.length / 3, `${brBytes.length} compressed of ${html.length}`);
      assert.equal(new TextDecoder().decode(brotliDecompressSync(brBytes)), html);

      const gz = await ctx.request(page, { headers: GZIP });
      assert.equal(gz.headers.get("content-encoding"), "gzip");
      assert.equal(new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer()))), html);

      const tags = [plain, br, gz].map((r) => r.headers.get("etag")!);
      for (const tag of tags) assert.match(tag, /^"[\w-]+"$/, "strong ETag");
      assert.equal(new Set(tags).size, 3, "one ETag per representation");
    });

    await t.step(
      "If-None-Match answers 304 without a body, for any encoding of the same content",
      async () => {
        const first = await ctx.request(page, { headers: BR });
        const etag = first.headers.get("etag")!;
        await first.body?.cancel();
        const again = await ctx.request(page, { headers: { ...BR, "if-none-match": etag } });
        assert.equal(again.status, 304);
        assert.equal(again.headers.get("etag"), etag);
        assert.match(again.headers.get("vary")!, /accept-encoding/i);
        assert.equal((await again.arrayBuffer()).byteLength, 0);
        const otherEncoding = await ctx.request(page, { headers: { ...GZIP, "if-none-match": etag } });
        assert.equal(otherEncoding.status, 304);
        const stale = await ctx.request(page, { headers: { ...BR, "if-none-match": '"something-else"' } });
        assert.equal(stale.status, 200);
        await stale.body?.cancel();
      },
    );

    await t.step(
      "cacheable JSON reads are compressed and revalidated; small JSON is sent as is",
      async () => {
        const list = await ctx.request(`/api/openapi.json`, { headers: GZIP });
        assert.equal(list.headers.get("content-encoding"), "gzip");
        const doc = JSON.parse(
          new TextDecoder().decode(gunzipSync(new Uint8Array(await list.arrayBuffer()))),
        );
        assert.equal(doc.openapi, "3.1.0");
        const read = await ctx.request(`/api/v1/permanent/all/${radio}`, { headers: BR });
        assert.equal(read.status, 200);
        const etag = read.headers.get("etag")!;
        assert.ok(etag);
        await read.body?.cancel();
        const revalidated = await ctx.request(`/api/v1/permanent/all/${radio}`, {
          headers: { ...BR, "if-none-match": etag },
        });
        assert.equal(revalidated.status, 304);
        const small = await ctx.request(`/api/v1/channels/mobile/999999`, { headers: BR });
        assert.equal(small.status, 404);
        assert.equal(small.headers.get("content-encoding"), null);
        assert.equal((await small.json()).code, "not_found");
      },
    );

    await t.step("no-store responses get no ETag (they are never revalidated)", async () => {
      const res = await ctx.request(`/healthz`, { headers: BR });
      assert.equal(res.headers.get("etag"), null);
      await res.body?.cancel();
    });

    await t.step("built files and stylesheets are served from their build-time copies", async () => {
      const client = islandFiles(["client"]).client;
      const br = await ctx.request(client, { headers: BR });
      assert.equal(br.status, 200);
      assert.equal(br.headers.get("content-encoding"), "br");
      assert.match(br.headers.get("content-type")!, /javascript/);
      assert.match(br.headers.get("vary")!, /accept-encoding/i);
      assert.match(br.headers.get("cache-control")!, /max-age=31536000, immutable/);
      const source = await Deno.readFile(new URL(`../..${client}`, import.meta.url));
      assert.deepEqual(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())), Buffer.from(source));
      const plain = await ctx.request(client);
      assert.equal(plain.headers.get("content-encoding"), null);
      assert.match(plain.headers.get("vary")!, /accept-encoding/i);
      assert.equal((await plain.arrayBuffer()).byteLength, source.length);
      const css = await ctx.request(`/static/css/base.css`, { headers: GZIP });
      assert.equal(css.headers.get("content-encoding"), "gzip");
      assert.match(css.headers.get("content-type")!, /text\/css/);
      await css.body?.cancel();
    });

    await t.step("media and images are never compressed", async () => {
      const audio = new Uint8Array(8192).fill(7); // very compressible bytes: only the type keeps them as is
      await ctx.deps.storage.put("tests/loud.mp3", audio, "audio/mpeg");
      const res = await ctx.request(`/media/tests/loud.mp3`, { headers: BR });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-encoding"), null);
      assert.equal((await res.arrayBuffer()).byteLength, audio.length);
      const image = await ctx.request(`/static/backgrounds/bg-1.jpg`, { headers: BR });
      assert.equal(image.headers.get("content-encoding"), null);
      await image.body?.cancel();
    });
  } finally {
    await ctx.close();
  }
});
