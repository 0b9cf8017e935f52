import assert from "node:assert/strict";
import { signal } from "../../islands/browser/signals.ts";
import { lazy } from "../../islands/browser/lazy.ts";

Deno.test("widget signals - a change reaches the subscribers once, the same value none, an unsubscribed none", () => {
  const s = signal<number | null>(null);
  const seen: (number | null)[] = [];
  // @preact/signals-core calls a new subscriber at once with the current value
  const stop = s.subscribe((value) => seen.push(value));
  s.value = 1;
  s.value = 1;
  s.value = 2;
  stop();
  s.value = 3;
  assert.deepEqual(seen, [null, 1, 2]);
  assert.equal(s.value, 3);
});

Deno.test("lazy - the code is fetched once however often it is preloaded, and again after a failure", async () => {
  let fetches = 0;
  const Screen = lazy(() => {
    fetches++;
    return Promise.resolve(() => null);
  });
  await Promise.all([Screen.preload(), Screen.preload()]);
  await Screen.preload();
  assert.equal(fetches, 1);

  let attempts = 0;
  const errors = console.error;
  console.error = () => {};
  try {
    const Offline = lazy<Record<string, never>>(() => {
      attempts++;
      return attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(() => null);
    });
    await Offline.preload();
    await Offline.preload();
    assert.equal(attempts, 2);
  } finally {
    console.error = errors;
  }
});
