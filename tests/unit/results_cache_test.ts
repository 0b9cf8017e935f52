import assert from "node:assert/strict";
import { resultsCache } from "../../lib/participations/results_cache.ts";
import { localBus } from "../../lib/live/bus.ts";
import { resultsChanged, segmentChanged } from "../../lib/live/events.ts";
import { VOTE_RESULTS_CACHE_ENTRIES, VOTE_RESULTS_CACHE_MS } from "../../lib/rules/constants.ts";
import type { ResultsRead } from "../../db/votes.ts";

const read = (count: number, show_results = true): ResultsRead => ({
  channel_id: 1,
  show_results,
  hide_results_until_end: false,
  end_date: null,
  choices: [{ id: 1, label: "A", count }],
});

/** A loader over a table of reads that counts its calls (a stand-in for getResultsRead's query). */
function loader(table: Map<number, ResultsRead>) {
  const calls: number[] = [];
  return {
    calls,
    load: (id: number) => {
      calls.push(id);
      return Promise.resolve(table.get(id) ?? null);
    },
  };
}

Deno.test("results cache - kept while public and unchanged, dropped by the segment's events", async (t) => {
  const bus = localBus(50);
  let now = 0;
  const table = new Map([[7, read(1)], [8, read(5)]]);
  const db = loader(table);
  const cache = resultsCache(db.load, bus, { keep: (r) => r.show_results === true, clock: () => now });
  try {
    await t.step("a second read is served from memory", async () => {
      assert.equal((await cache.read(7))?.choices[0].count, 1);
      assert.equal((await cache.read(7))?.choices[0].count, 1);
      assert.deepEqual(db.calls, [7]);
    });
    await t.step(
      "a vote published by this instance drops it at once, even within a coalescing window",
      async () => {
        table.set(7, read(2));
        resultsChanged(bus, 7);
        assert.equal((await cache.read(7))?.choices[0].count, 2);
        table.set(7, read(3));
        resultsChanged(bus, 7); // held by the bus's coalescing window, seen by its observers
        assert.equal((await cache.read(7))?.choices[0].count, 3);
      },
    );
    await t.step("another segment's event keeps it", async () => {
      const before = db.calls.length;
      await segmentChanged(bus, 8);
      await cache.read(7);
      assert.equal(db.calls.length, before);
    });
    await t.step("a staff change (results hidden) applies to the next read", async () => {
      table.set(7, read(3, false));
      await segmentChanged(bus, 7);
      assert.equal((await cache.read(7))?.show_results, false);
      const before = db.calls.length;
      await cache.read(7); // results only staff see are not kept
      assert.equal(db.calls.length, before + 1);
    });
    await t.step(`kept ${VOTE_RESULTS_CACHE_MS} ms at most`, async () => {
      await cache.read(8);
      const before = db.calls.length;
      now += VOTE_RESULTS_CACHE_MS - 1;
      await cache.read(8);
      assert.equal(db.calls.length, before);
      table.set(8, read(6)); // changed outside the app: no event
      now += 1;
      assert.equal((await cache.read(8))?.choices[0].count, 6);
      assert.equal(db.calls.length, before + 1);
    });
    await t.step("an unknown segment is null and not kept", async () => {
      assert.equal(await cache.read(404), null);
      assert.equal(await cache.read(404), null);
      assert.equal(db.calls.filter((id) => id === 404).length, 2);
    });
  } finally {
    await bus.close();
  }
});

Deno.test("results cache - misses arriving together share one read; a read older than a change is not kept", async () => {
  const bus = localBus(50);
  const table = new Map([[3, read(10)]]);
  const waiting: (() => void)[] = [];
  const release = () => waiting.shift()?.();
  const calls: number[] = [];
  const cache = resultsCache(
    async (id) => {
      calls.push(id);
      const value = table.get(id) ?? null;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return value;
    },
    bus,
    { keep: () => true },
  );
  try {
    const together = [cache.read(3), cache.read(3), cache.read(3)];
    release();
    const answers = await Promise.all(together);
    assert.equal(calls.length, 1);
    assert.ok(answers.every((a) => a?.choices[0].count === 10));
    // a vote lands while a read is on its way: that read answers its caller but is not kept
    await segmentChanged(bus, 3);
    const slow = cache.read(3);
    table.set(3, read(11));
    resultsChanged(bus, 3);
    const after = cache.read(3); // does not join the read started before the vote
    release();
    assert.equal((await slow)?.choices[0].count, 10);
    release();
    assert.equal((await after)?.choices[0].count, 11);
    assert.equal(calls.length, 3);
    assert.equal((await cache.read(3))?.choices[0].count, 11);
    assert.equal(calls.length, 3);
  } finally {
    await bus.close();
  }
});

Deno.test("results cache - holds VOTE_RESULTS_CACHE_ENTRIES segments at most", async () => {
  const bus = localBus(50);
  const cache = resultsCache((id) => Promise.resolve(read(id)), bus, { keep: () => true });
  try {
    for (let id = 1; id <= VOTE_RESULTS_CACHE_ENTRIES + 5; id++) await cache.read(id);
    assert.equal(cache.size(), VOTE_RESULTS_CACHE_ENTRIES);
  } finally {
    await bus.close();
  }
});
