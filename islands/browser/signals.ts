// The signals the visitor widgets share between a flow and its screens (send_state.ts): @preact/signals'
// own engine, @preact/signals-core, with one hook in place of its Preact integration (which patches
// Preact's options so that reading `.value` in a render subscribes): 1.5 KB less gzip JavaScript before a
// participation. A component names the signals it shows in `useSignals`.
import { effect, type ReadonlySignal, type Signal, signal } from "@preact/signals-core";
import { useEffect, useMemo, useReducer } from "preact/hooks";

export { type ReadonlySignal, type Signal, signal };

/** A signal kept for the component's life. */
export function useSignal<T>(value: T): Signal<T> {
  return useMemo(() => signal(value), []);
}

/** Re-renders the component whenever one of `signals` changes (also between its render and its effect). */
export function useSignals(...signals: ReadonlySignal<unknown>[]): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const seen = signals.map((s) => s.peek());
  useEffect(() => {
    let first = true;
    const stop = effect(() => {
      const now = signals.map((s) => s.value);
      // the first run only subscribes, unless a signal changed since the render read it
      if (!first || now.some((value, i) => value !== seen[i])) rerender(0);
      first = false;
    });
    return stop;
  }, signals);
}
