// A component whose code is fetched on first use (a dynamic import, its own chunk), so a widget's first
// screen carries only what it shows. `preload()` starts the fetch early (on the visitor's first sign of
// intent) and tells when the code is there, so a screen change can wait for it instead of showing an
// empty screen. What else it needs (its texts: framework/client.ts loadTexts) is fetched at the same
// moment as its code, and it shows once both are there.
import { type ComponentType, h, type VNode } from "preact";
import { useState } from "preact/hooks";

export interface LazyComponent<P> {
  (props: P): VNode<P> | null;
  preload: () => Promise<void>;
}

export interface LazyOptions {
  /** Fetched along with the code, e.g. `() => loadTexts(sections)`; a failure fails the load. */
  alongside?: () => Promise<unknown>;
  /** Shown until code and texts are there (nothing by default). */
  fallback?: () => VNode;
}

/** `load` resolves to the component; until it has (and `alongside` too), the lazy component renders `fallback`. */
export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { alongside, fallback }: LazyOptions = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    pending ??= Promise.all([load(), alongside?.()]).then(
      ([c]) => {
        loaded = c;
      },
      (error) => {
        pending = null; // a failed fetch (offline) is tried again next time
        console.error(error);
      },
    );
  const Lazy = (props: P): VNode<P> | null => {
    const [, loadedNow] = useState(false);
    if (loaded) return h(loaded, props) as VNode<P>;
    // a failure shows the fallback until the next use asks again
    preload().then(() => loaded && loadedNow(true));
    return (fallback?.() ?? null) as VNode<P> | null;
  };
  return Object.assign(Lazy, { preload });
}
