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
