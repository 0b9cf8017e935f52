// The few signals the visitor widgets share between a flow and its screens (send_flow.ts): a value with
// subscribers, and one hook that re-renders a component when signals it names change. A few lines in
// place of @preact/signals (3.3 KB gzip with its Preact integration, 1.8 KB for @preact/signals-core
// alone), which would be a sixth of the single widget's 12 KB budget. Reading `.value` in a render does
// not subscribe: the component names the signals it shows in `useSignals`.
import { useEffect, useMemo, useReducer } from "preact/hooks";

export interface ReadonlySignal<T> {
  readonly value: T;
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface Signal<T> extends ReadonlySignal<T> {
  value: T;
}

/** A value whose changes (a different value, by `===`) reach its subscribers. */
export function signal<T>(initial: T): Signal<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get value() {
      return current;
    },
    set value(next: T) {
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A signal kept for the component's life. */
export function useSignal<T>(value: T): Signal<T> {
  return useMemo(() => signal(value), []);
}

/** Re-renders the component whenever one of `signals` changes (also between its render and its effect). */
export function useSignals(...signals: ReadonlySignal<unknown>[]): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const seen = signals.map((s) => s.value);
  useEffect(() => {
    const changed = () => rerender(0);
    const stops = signals.map((s) => s.subscribe(changed));
    if (signals.some((s, i) => s.value !== seen[i])) changed();
    return () => stops.forEach((stop) => stop());
  }, signals);
}
