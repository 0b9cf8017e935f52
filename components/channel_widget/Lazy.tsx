import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";

/**
 * A screen whose code is loaded on first use (dynamic import), so the home stays small.
 * `load` must be a stable function (defined at module level).
 */
export function Lazy<P extends object>(
  { load, props }: { load: () => Promise<ComponentType<P>>; props: P },
) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let live = true;
    load().then((c) => live && setComponent(() => c));
    return () => {
      live = false;
    };
  }, [load]);
  return Component ? <Component {...props} /> : <p class="cw-loading" aria-busy="true">…</p>;
}
