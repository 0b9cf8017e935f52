import assert from "node:assert/strict";
import { BoundedCache, cacheSizes } from "../../lib/platform/bounded_cache.ts";
import { PAGE_RENDER_CACHE, STATIC_MEMORY } from "../../lib/rules/constants.ts";

Deno.test("BoundedCache - a value lives for its lifetime, then is gone", () => {
  const cache = new BoundedCache<number, string>(10, 1000);
  cache.set(1, "one", 5000);
  assert.equal(cache.get(1, 5000), "one");
  assert.equal(cache.get(1, 5999), "one");
  assert.equal(cache.get(1, 6000), undefined);
  assert.equal(cache.size, 0);
});

Deno.test("BoundedCache - a full cache drops its oldest entry; a value set again is the newest", () => {
  const cache = new BoundedCache<number, string>(2, 1000);
  cache.set(1, "one", 0);
  cache.set(2, "two", 0);
  cache.set(1, "one again", 0);
  cache.set(3, "three", 0);
  assert.equal(cache.size, 2);
  assert.equal(cache.get(2, 0), undefined);
  assert.equal(cache.get(1, 0), "one again");
  assert.equal(cache.get(3, 0), "three");
  cache.delete(3);
  assert.equal(cache.get(3, 0), undefined);
});

Deno.test("BoundedCache - a byte bound drops the oldest values until the new one fits, and is reported", () => {
  const cache = new BoundedCache<number, string>(Infinity, Infinity, {
    name: "test texts",
    maxBytes: 10,
    sizeOf: (text) => text.length,
  });
  cache.set(1, "aaaa", 0);
  cache.set(2, "bbbb", 0);
  assert.equal(cache.bytes, 8);
  cache.set(3, "cccc", 0); // 12 bytes would be too many: the oldest goes
  assert.equal(cache.get(1, 0), undefined);
  assert.equal(cache.bytes, 8);
  cache.set(2, "bb", 0); // replaced: its old weight is taken off
  assert.equal(cache.bytes, 6);
  cache.set(4, "x".repeat(11), 0); // larger than the whole bound: not kept, nothing dropped for it
  assert.equal(cache.get(4, 0), undefined);
  assert.equal(cache.size, 2);
  cache.delete(3);
  assert.equal(cache.bytes, 2);
  assert.deepEqual(cacheSizes().find((c) => c.name === "test texts"), {
    name: "test texts",
    bytes: 2,
    entries: 1,
  });
});

Deno.test("in-process caches - the rendered pages and static files are bounded to 16 MB each", () => {
  assert.equal(PAGE_RENDER_CACHE.maxBytes, 16 * 1024 * 1024);
  assert.equal(STATIC_MEMORY.totalBytes, 16 * 1024 * 1024);
});
