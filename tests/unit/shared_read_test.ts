import assert from "node:assert/strict";
import { sharedRead } from "../../lib/live/stream.ts";

Deno.test("sharedRead - streams waking together share one read; a read begun before a caller's event is not shared with it", async () => {
  let reads = 0;
  const read = () => Promise.resolve(++reads);
  const key = `test:${crypto.randomUUID()}`;
  const started = performance.now();
  const [a, b] = await Promise.all([sharedRead(key, read, 1000), sharedRead(key, read, 1000)]);
  assert.deepEqual([a, b], [1, 1], "one read for both");
  // a caller that heard of a change after that read began gets a read of its own
  await new Promise((r) => setTimeout(r, 5));
  const after = performance.now();
  assert.equal(await sharedRead(key, read, 1000, after), 2);
  // and a caller whose event came before it shares the newer read
  assert.equal(await sharedRead(key, read, 1000, started), 2);
});

Deno.test("sharedRead - callers arriving after a read began wait for one read begun after it ends, shared by them all", async () => {
  const reads: number[] = [];
  let release = () => {};
  const read = () => {
    reads.push(performance.now());
    return reads.length === 1
      ? new Promise<number>((r) => release = () => r(1))
      : Promise.resolve(reads.length);
  };
  const key = `test:${crypto.randomUUID()}`;
  const first = sharedRead(key, read, 1000);
  await new Promise((r) => setTimeout(r, 2));
  // each of these heard of a change after the first read began: none may take its answer
  const late = Array.from({ length: 20 }, () => sharedRead(key, read, 1000, performance.now()));
  assert.equal(reads.length, 1, "nothing read again while the first read runs");
  release();
  assert.equal(await first, 1);
  assert.deepEqual(await Promise.all(late), Array(20).fill(2), "one read after it, for all twenty");
  assert.equal(reads.length, 2);
});

Deno.test("sharedRead - a failed read fails its callers and is not kept", async () => {
  const key = `test:${crypto.randomUUID()}`;
  let reads = 0;
  const failing = () => {
    reads++;
    return Promise.reject(new Error("unknown interaction"));
  };
  const [a, b] = await Promise.allSettled([sharedRead(key, failing, 1000), sharedRead(key, failing, 1000)]);
  assert.equal(a.status, "rejected");
  assert.equal(b.status, "rejected");
  assert.equal(reads, 1);
  assert.equal(await sharedRead(key, () => Promise.resolve(7), 1000), 7, "the next caller reads again");
});
