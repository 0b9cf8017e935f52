// A component whose code is fetched on first use (a dynamic import, its own chunk), so a widget's first
// screen carries only what it shows. `preload()` starts the fetch early (on the visitor's first sign of
// intent) and tells when the code is there, so a screen change can wait for it instead of showing an
// empty screen. `load` may fetch what else the screen needs at the same moment (the channel widget's
// screens fetch their texts with their code: islands/ChannelWidget.tsx).
import { type ComponentType, h, type VNode } from "preact";
import { useState } from "preact/hooks";
import { loadTexts } from "../../framework/client.ts";

export interface LazyComponent<P> {
  (props: P): VNode<P> | null;
  preload: () => Promise<void>;
}

/** `load` resolves to the component; until it has, the lazy component renders `fallback` (or nothing). */
export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback?: () => VNode,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    pending ??= load().then(
      (c) => {
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

/**
 * A screen loaded on first use with its texts (locale sections the page does not carry), both fetched at
 * the same moment: the screen shows once both are there, or the fetch fails and is tried again.
 */
export function lazyWithTexts<P extends object>(
  load: () => Promise<ComponentType<P>>,
  sections: string[],
  fallback?: () => VNode,
): LazyComponent<P> {
  return lazy(() => Promise.all([load(), loadTexts(sections)]).then(([screen]) => screen), fallback);
}
