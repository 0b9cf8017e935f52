// A small in-process cache with a lifetime and a size bound, for values whose staleness the caller
// detects itself (a version checked when writing) or can live with for the lifetime. A cache that holds
// bodies (rendered pages, static files) is bounded by bytes too, and named: its size is reported by /metrics
// (`im_cache_bytes`), so what holds the process's memory is known rather than guessed.

/** The bound in bytes of a cache, and how it weighs a value. */
export interface ByteBound<V> {
  /** Its name in /metrics. */
  name: string;
  maxBytes: number;
  sizeOf(value: V): number;
}

// by name: a process's app has one of each (a test's new app replaces the last one's)
const named = new Map<string, BoundedCache<unknown, unknown>>();

/** Each named cache's bytes and entries now (for /metrics). */
export function cacheSizes(): { name: string; bytes: number; entries: number }[] {
  return [...named].map(([name, c]) => ({ name, bytes: c.bytes, entries: c.size }));
}

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number; bytes: number }>();
  #bytes = 0;

  constructor(readonly maxEntries: number, readonly ttlMs: number, readonly bound?: ByteBound<V>) {
    if (bound) named.set(bound.name, this as BoundedCache<unknown, unknown>);
  }

  /** The value stored under key and still alive at nowMs, or undefined. */
  get(key: K, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= nowMs) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Stores value under key until nowMs + ttlMs (the cache's lifetime, or a shorter one for this entry);
   * the oldest entries go when the cache is full (in entries or in bytes). A value larger than the whole
   * byte bound is not kept.
   */
  set(key: K, value: V, nowMs: number, ttlMs = this.ttlMs): void {
    this.delete(key);
    const bytes = this.bound ? this.bound.sizeOf(value) : 0;
    if (this.bound && bytes > this.bound.maxBytes) return;
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.maxEntries || (this.bound && this.#bytes + bytes > this.bound.maxBytes))
    ) {
      this.delete(this.#entries.keys().next().value as K);
    }
    this.#entries.set(key, { value, expires: nowMs + Math.min(ttlMs, this.ttlMs), bytes });
    this.#bytes += bytes;
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes its values weigh (0 for a cache without a byte bound). */
  get bytes(): number {
    return this.#bytes;
  }
}
