import assert from "node:assert/strict";
import { GroupCommit, type GroupCommitOptions } from "../../lib/platform/group_commit.ts";

/** A clock of its own: timers run when the test says so. */
function manualTimers() {
  const timers: { fn: () => void; ms: number }[] = [];
  return {
    setTimer: (fn: () => void, ms: number) => void timers.push({ fn, ms }),
    fire() {
      for (const t of timers.splice(0)) t.fn();
    },
    get count() {
      return timers.length;
    },
  };
}

/** A flush whose calls the test sees and finishes when it wants. */
function controlledFlush() {
  const calls: { items: number[]; done: (results: string[] | Error) => void }[] = [];
  return {
    calls,
    flush: (items: number[]) =>
      new Promise<string[]>((resolve, reject) =>
        calls.push({ items, done: (r) => r instanceof Error ? reject(r) : resolve(r) })
      ),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function commit(
  overrides: Partial<GroupCommitOptions<number, string>> & Pick<GroupCommitOptions<number, string>, "flush">,
) {
  return new GroupCommit<number, string>({
    single: (n) => Promise.resolve(`single ${n}`),
    maxSize: 3,
    delayMs: 2,
    maxInFlight: 1,
    ...overrides,
  });
}

Deno.test("GroupCommit - a batch is written when its delay has passed, each item gets its own result", async () => {
  const timers = manualTimers();
  const { calls, flush } = controlledFlush();
  const gc = commit({ flush, setTimer: timers.setTimer });
  const a = gc.add(1), b = gc.add(2);
  await tick();
  assert.equal(calls.length, 0, "nothing written before the delay");
  assert.equal(timers.count, 1, "one timer per batch");
  timers.fire();
  assert.deepEqual(calls.map((c) => c.items), [[1, 2]]);
  calls[0].done(["one", "two"]);
  assert.deepEqual(await Promise.all([a, b]), ["one", "two"]);
  assert.deepEqual(gc.stats, { batches: 1, items: 2, retriedSingly: 0 });
});

Deno.test("GroupCommit - a full batch is written at once, without waiting for its delay", async () => {
  const timers = manualTimers();
  const { calls, flush } = controlledFlush();
  const gc = commit({ flush, setTimer: timers.setTimer, maxInFlight: 2 });
  const first = [gc.add(1), gc.add(2), gc.add(3)];
  const fourth = gc.add(4);
  assert.deepEqual(calls.map((c) => c.items), [[1, 2, 3]]);
  assert.equal(gc.waiting, 1, "the fourth opened the next batch");
  calls[0].done(["a", "b", "c"]);
  assert.deepEqual(await Promise.all(first), ["a", "b", "c"]);
  timers.fire();
  assert.deepEqual(calls.map((c) => c.items), [[1, 2, 3], [4]]);
  calls[1].done(["d"]);
  assert.equal(await fourth, "d");
});

Deno.test("GroupCommit - batches wait for a free slot and grow meanwhile", async () => {
  const timers = manualTimers();
  const { calls, flush } = controlledFlush();
  const gc = commit({ flush, setTimer: timers.setTimer, maxSize: 10, maxInFlight: 1 });
  const a = gc.add(1);
  timers.fire();
  assert.equal(gc.inFlight, 1);
  const later = [gc.add(2), gc.add(3), gc.add(4)];
  timers.fire();
  assert.equal(calls.length, 1, "the only slot is taken");
  calls[0].done(["1"]);
  await a;
  await tick();
  assert.deepEqual(calls.map((c) => c.items), [[1], [2, 3, 4]]);
  calls[1].done(["2", "3", "4"]);
  assert.deepEqual(await Promise.all(later), ["2", "3", "4"]);
});

Deno.test("GroupCommit - two items with the same key never share a batch", async () => {
  const timers = manualTimers();
  const { calls, flush } = controlledFlush();
  const gc = commit({
    flush,
    setTimer: timers.setTimer,
    maxSize: 10,
    maxInFlight: 2,
    key: (n) => n === 0 ? null : String(n % 10),
  });
  const all = [gc.add(1), gc.add(0), gc.add(0), gc.add(11), gc.add(2)];
  timers.fire();
  assert.deepEqual(calls.map((c) => c.items), [[1, 0, 0], [11, 2]]);
  calls[0].done(["1", "0", "0"]);
  calls[1].done(["11", "2"]);
  assert.deepEqual(await Promise.all(all), ["1", "0", "0", "11", "2"]);
});

Deno.test("GroupCommit - a batch that fails as a whole writes each item on its own", async (t) => {
  await t.step("each gets its own outcome", async () => {
    const timers = manualTimers();
    const gc = commit({
      flush: () => Promise.reject(new Error("conflict with a concurrent writer")),
      single: (n) => n === 2 ? Promise.reject(new Error("two failed")) : Promise.resolve(`alone ${n}`),
      setTimer: timers.setTimer,
    });
    const a = gc.add(1), b = gc.add(2), c = gc.add(3);
    await assert.rejects(b, /two failed/);
    assert.equal(await a, "alone 1");
    assert.equal(await c, "alone 3");
    assert.deepEqual(gc.stats, { batches: 1, items: 3, retriedSingly: 3 });
  });
  await t.step("a flush answering the wrong number of results counts as failed", async () => {
    const timers = manualTimers();
    const gc = commit({ flush: () => Promise.resolve(["only one"]), setTimer: timers.setTimer });
    const both = Promise.all([gc.add(1), gc.add(2)]);
    timers.fire();
    assert.deepEqual(await both, ["single 1", "single 2"]);
  });
});

Deno.test("GroupCommit - refuses a size or a number of slots below one", () => {
  assert.throws(() => commit({ flush: () => Promise.resolve([]), maxSize: 0 }), RangeError);
  assert.throws(() => commit({ flush: () => Promise.resolve([]), maxInFlight: 0 }), RangeError);
});
