import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { writeImageVariants, writeStoredImageVariants } from "../../lib/media/image_variants.ts";
import { forgetMedia } from "../../lib/media/stored.ts";

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

Deno.test("image variants - an uploaded background gets its copies from the worker's job, served by Accept and forgotten with it", async () => {
  const ctx = await testApp();
  try {
    const storage = ctx.deps.storage;
    const key = `channels/1/background-${crypto.randomUUID()}.jpg`;
    const jpeg = await Deno.readFile(new URL("../../static/backgrounds/bg-2.jpg", import.meta.url));
    await storage.put(key, jpeg, "image/jpeg");
    const get = (accept: string) => ctx.request(`/media/${key}`, { headers: { accept } });
    const chrome = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

    const before = await get(chrome); // the job has not run yet: the original
    assert.equal(before.headers.get("content-type"), "image/jpeg");
    await before.body?.cancel();

    await writeStoredImageVariants(storage, key);
    const avif = await get(chrome);
    assert.equal(avif.headers.get("content-type"), "image/avif");
    assert.match(avif.headers.get("vary") ?? "", /accept/i);
    const bytes = new Uint8Array(await avif.arrayBuffer());
    assert.equal(ascii(bytes, 4, 12), "ftypavif");
    assert.ok(bytes.length < jpeg.length);
    const webp = await get("image/webp,*/*");
    assert.equal(webp.headers.get("content-type"), "image/webp");
    await webp.body?.cancel();
    const plain = await get("*/*");
    assert.equal(plain.headers.get("content-type"), "image/jpeg");
    assert.equal((await plain.arrayBuffer()).byteLength, jpeg.length);

    await forgetMedia(ctx.sql, storage, `/media/${key}`);
    for (const ext of ["avif", "webp"]) assert.equal(await storage.size!(`${key}.${ext}`), null);
    const gone = await get(chrome);
    assert.equal(gone.status, 404);
    await gone.body?.cancel();
  } finally {
    await ctx.close();
  }
});

Deno.test("image variants - a background uploaded through the API is copied by the worker, then served as AVIF", async () => {
  const ctx = await testApp({ jobs: true, demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const form = new FormData();
    const jpeg = await Deno.readFile(new URL("../../static/backgrounds/bg-3.jpg", import.meta.url));
    form.append("image", new File([jpeg as BlobPart], "bg.jpg", { type: "image/jpeg" }));
    const res = await ctx.request(`/api/v1/channels/${radio}/background`, {
      token: await token("admin"),
      method: "POST",
      body: form,
    });
    assert.equal(res.status, 200);
    const url: string = (await jsonOf(res)).background_url;
    const key = url.slice("/media/".length);
    // the worker's job (image_variants queue) writes the copies: wait for it to end, however slow the machine
    // (the bound only stops a job that never ends from holding the run)
    const bound = Date.now() + 600_000;
    let states: string[] = [];
    while (Date.now() < bound) {
      states = (await ctx.sql<{ state: string }[]>`
        select state from pgboss.job where name = 'image_variants'`).map((r) => r.state);
      if (states.length > 0 && states.every((s) => s === "completed" || s === "failed")) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual(states, ["completed"], "one image job, completed");
    assert.notEqual(await ctx.deps.storage.size!(`${key}.avif`), null, "the AVIF copy is written");
    assert.notEqual(await ctx.deps.storage.size!(`${key}.webp`), null, "the WebP copy is written");
    const avif = await ctx.request(url, { headers: { accept: "image/avif,image/webp,*/*" } });
    assert.equal(avif.headers.get("content-type"), "image/avif");
    await avif.body?.cancel();
  } finally {
    await ctx.close();
  }
});
