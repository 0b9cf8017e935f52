// A small in-process cache with a lifetime and a size bound, for values whose staleness the caller
// detects itself (a version checked when writing) or can live with for the lifetime.

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>();

  constructor(readonly maxEntries: number, readonly ttlMs: number) {}

  /** The value stored under key and still alive at nowMs, or undefined. */
  get(key: K, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= nowMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Stores value under key until nowMs + ttlMs (the cache's lifetime, or a shorter one for this entry);
   * the oldest entry goes when the cache is full.
   */
  set(key: K, value: V, nowMs: number, ttlMs = this.ttlMs): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: nowMs + Math.min(ttlMs, this.ttlMs) });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
