// A component whose code is fetched on first use (a dynamic import, its own chunk), so a widget's first
// screen carries only what it shows. `preload()` starts the fetch early (on the visitor's first sign of
// intent) and tells when the code is there, so a screen change can wait for it instead of showing an
// empty screen. Its texts come the same way: the locale sections it declares are fetched with its code,
// at the same moment, unless the page holds them already (framework/client.ts loadTexts).
import { type ComponentType, h, type VNode } from "preact";
import { useState } from "preact/hooks";
import { loadTexts } from "../../framework/client.ts";

export interface LazyComponent<P> {
  (props: P): VNode<P> | null;
  preload: () => Promise<void>;
}

export interface LazyOptions {
  /** The locale sections its texts come from (lib/rules/dictionary.ts), those the page lacks fetched with the code. */
  sections?: string[];
  /** Shown until code and texts are there (nothing by default). */
  fallback?: () => VNode;
}

/** `load` resolves to the component; until it has (and its texts), the lazy component renders `fallback`. */
export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { sections = [], fallback }: LazyOptions = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    pending ??= Promise.all([load(), loadTexts(sections)]).then(
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
