import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { writeImageVariants } from "../../lib/media/image_variants.ts";

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  new TextDecoder().decode(bytes.slice(from, to));

Deno.test("image variants - a stock background is served as AVIF or WebP to a browser that accepts it", async (t) => {
  // the build writes the copies; written here too (nothing to do when they are fresh)
  await writeImageVariants([new URL("../../static/backgrounds/bg-1.jpg", import.meta.url).pathname]);
  const ctx = await testApp();
  try {
    const get = async (accept?: string) => {
      const res = await ctx.request("/static/backgrounds/bg-1.jpg", accept ? { headers: { accept } } : {});
      assert.equal(res.status, 200);
      assert.match(res.headers.get("vary") ?? "", /accept/i);
      return { type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    await t.step("Chrome's image Accept gets AVIF, smaller than the JPEG", async () => {
      const jpeg = await get();
      assert.equal(jpeg.type, "image/jpeg");
      const avif = await get("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8");
      assert.equal(avif.type, "image/avif");
      assert.equal(ascii(avif.bytes, 4, 12), "ftypavif");
      assert.ok(avif.bytes.length < jpeg.bytes.length, `${avif.bytes.length} < ${jpeg.bytes.length}`);
    });
    await t.step("a browser without AVIF gets WebP; one with neither the JPEG", async () => {
      const webp = await get("image/webp,*/*");
      assert.equal(webp.type, "image/webp");
      assert.equal(ascii(webp.bytes, 0, 4), "RIFF");
      assert.equal(ascii(webp.bytes, 8, 12), "WEBP");
      assert.equal((await get("image/png,*/*")).type, "image/jpeg");
    });
    await t.step("only plain image names of the folder: no way out of it", async () => {
      for (const path of ["/static/backgrounds/..%2F..%2Fdeno.json", "/static/backgrounds/bg-1.avif.jpg"]) {
        const res = await ctx.request(path, { headers: { accept: "image/avif" } });
        assert.notEqual(res.headers.get("content-type"), "image/avif", path);
        await res.body?.cancel();
      }
    });
  } finally {
    await ctx.close();
  }
});
