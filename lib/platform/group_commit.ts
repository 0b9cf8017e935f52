// Group commit: writes that arrive within a few milliseconds of each other are handed to one flush (one
// statement, one transaction), and each caller is answered with its own result once that flush is done.
// Pure scheduling, no I/O: the flush and the single-item write are given by the caller.

export interface GroupCommitOptions<I, R> {
  /** Writes a batch at once; answers one result per item, in the items' order. */
  flush(items: I[]): Promise<R[]>;
  /**
   * Writes one item on its own: each item of a batch whose flush failed as a whole goes through it, so
   * one item's conflict (or a batch-wide error) is answered to that item only, or to each as its own.
   */
  single(item: I): Promise<R>;
  /** Items with the same key never share a batch (null: no constraint); the later one waits for the next. */
  key?(item: I): string | null;
  /** A batch is written as soon as it holds this many items. */
  maxSize: number;
  /** ...or this long after its first item arrived. */
  delayMs: number;
  /** Batches being written at once; ready batches wait for a free slot, growing meanwhile. */
  maxInFlight: number;
  /** Runs fn after ms (tests pass a clock of their own). */
  setTimer?(fn: () => void, ms: number): void;
}

interface Pending<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

interface Batch<I, R> {
  entries: Pending<I, R>[];
  keys: Set<string>;
  due: boolean;
}

/** What a group commit did so far (batches written, items, items written again one by one). */
export interface GroupCommitStats {
  batches: number;
  items: number;
  retriedSingly: number;
}

export class GroupCommit<I, R> {
  readonly #options: GroupCommitOptions<I, R>;
  readonly #queue: Batch<I, R>[] = [];
  #inFlight = 0;
  readonly stats: GroupCommitStats = { batches: 0, items: 0, retriedSingly: 0 };

  constructor(options: GroupCommitOptions<I, R>) {
    if (options.maxSize < 1 || options.maxInFlight < 1) throw new RangeError("maxSize and maxInFlight >= 1");
    this.#options = options;
  }

  /** Queues an item; resolves with its own result once the batch holding it is written. */
  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const key = this.#options.key?.(item) ?? null;
      let batch = this.#queue.at(-1);
      if (!batch || batch.entries.length >= this.#options.maxSize || (key !== null && batch.keys.has(key))) {
        batch = this.#open();
      }
      batch.entries.push({ item, resolve, reject });
      if (key !== null) batch.keys.add(key);
      this.#pump();
    });
  }

  /** Items waiting to be written. */
  get waiting(): number {
    return this.#queue.reduce((n, b) => n + b.entries.length, 0);
  }

  /** Batches being written now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  #open(): Batch<I, R> {
    const batch: Batch<I, R> = { entries: [], keys: new Set(), due: false };
    this.#queue.push(batch);
    const setTimer = this.#options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    setTimer(() => {
      batch.due = true;
      this.#pump();
    }, this.#options.delayMs);
    return batch;
  }

  #pump(): void {
    while (this.#inFlight < this.#options.maxInFlight) {
      const batch = this.#queue[0];
      if (!batch || !(batch.due || batch.entries.length >= this.#options.maxSize)) return;
      this.#queue.shift();
      this.#inFlight++;
      this.#write(batch.entries).finally(() => {
        this.#inFlight--;
        this.#pump();
      });
    }
  }

  async #write(entries: Pending<I, R>[]): Promise<void> {
    this.stats.batches++;
    this.stats.items += entries.length;
    let results: R[];
    try {
      results = await this.#options.flush(entries.map((e) => e.item));
      if (results.length !== entries.length) throw new Error("group commit: one result per item expected");
    } catch {
      // the whole batch failed (a conflict with a concurrent writer, a lost connection): each item is
      // written on its own, so that it gets its own outcome and nobody else's error
      this.stats.retriedSingly += entries.length;
      await Promise.all(entries.map(async (e) => {
        try {
          e.resolve(await this.#options.single(e.item));
        } catch (error) {
          e.reject(error);
        }
      }));
      return;
    }
    entries.forEach((e, i) => e.resolve(results[i]));
  }
}
