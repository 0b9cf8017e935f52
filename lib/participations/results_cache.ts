// Public vote results served from process memory (a results read at 1,000,000 votes within 5 ms
// p99). The counters already make a read O(choices); what is left is the round trip, so a segment's
// visibility fields and counts (one query, db/votes.ts getResultsRead) are kept while its results are
// public. An event this instance publishes about the segment (a vote counted, staff changing it or
// reviewing votes: lib/live/events.ts) drops them at once, seen by the bus's observers before any
// coalescing, so a listener reads their own vote; VOTE_RESULTS_CACHE_MS bounds a change made by another
// instance or outside the app. Misses arriving together share one query.
import type { EventBus } from "../live/bus.ts";
import type { ResultsRead } from "../../db/votes.ts";
import { BoundedCache } from "../platform/bounded_cache.ts";
import { segmentTopic } from "../rules/live.ts";
import { VOTE_RESULTS_CACHE_ENTRIES, VOTE_RESULTS_CACHE_MS } from "../rules/constants.ts";

export interface ResultsCache {
  /** The segment's results read, from memory when kept and unchanged since; null for an unknown segment. */
  read(segmentId: number): Promise<ResultsRead | null>;
  /** The read kept for the segment now, if any, without loading one (app/results_front.ts). */
  peek(segmentId: number): ResultsRead | undefined;
  /** Entries kept now (for tests). */
  size(): number;
}

export interface ResultsCacheOptions {
  /** Whether a fresh read may be kept (results that only staff see are read each time). */
  keep: (read: ResultsRead) => boolean;
  /** Milliseconds now (injectable for tests). */
  clock?: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

/** A cache of results reads made by `load`, emptied per segment by the events published on `bus`. */
export function resultsCache(
  load: (segmentId: number) => Promise<ResultsRead | null>,
  bus: EventBus,
  options: ResultsCacheOptions,
): ResultsCache {
  const clock = options.clock ?? Date.now;
  const maxEntries = options.maxEntries ?? VOTE_RESULTS_CACHE_ENTRIES;
  const kept = new BoundedCache<number, ResultsRead>(maxEntries, options.ttlMs ?? VOTE_RESULTS_CACHE_MS);
  const pending = new Map<number, Promise<ResultsRead | null>>();
  // how many times each segment changed, so that a read started before a change is not kept after it
  let changes = new Map<number, number>();
  bus.observe((topic, event) => {
    if (topic !== segmentTopic(event.segmentId)) return;
    kept.delete(event.segmentId);
    pending.delete(event.segmentId);
    if (changes.size >= maxEntries * 10) changes = new Map();
    changes.set(event.segmentId, (changes.get(event.segmentId) ?? 0) + 1);
  });

  return {
    read(segmentId) {
      const hit = kept.get(segmentId, clock());
      if (hit) return Promise.resolve(hit);
      const joined = pending.get(segmentId);
      if (joined) return joined;
      const seen = changes;
      const version = changes.get(segmentId) ?? 0;
      const reading = load(segmentId).then((read) => {
        if (pending.get(segmentId) === reading) pending.delete(segmentId);
        const unchanged = seen === changes && (changes.get(segmentId) ?? 0) === version;
        if (read && unchanged && options.keep(read)) kept.set(segmentId, read, clock());
        return read;
      }, (e) => {
        if (pending.get(segmentId) === reading) pending.delete(segmentId);
        throw e;
      });
      pending.set(segmentId, reading);
      return reading;
    },
    peek: (segmentId) => kept.get(segmentId, clock()),
    size: () => kept.size,
  };
}
