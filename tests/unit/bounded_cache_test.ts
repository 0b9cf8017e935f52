import assert from "node:assert/strict";
import { BoundedCache } from "../../lib/platform/bounded_cache.ts";

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
