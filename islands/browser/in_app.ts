import { useEffect, useState } from "preact/hooks";
import { isInAppBrowser } from "../../lib/rules/widget.ts";

/**
 * True in an app's built-in browser (Facebook, Instagram), read from the browser after hydration: the
 * page's HTML stays the same for every browser, so shared caches can keep one copy of it.
 */
export function useInAppBrowser(): boolean {
  const [inApp, setInApp] = useState(false);
  useEffect(() => setInApp(isInAppBrowser(navigator.userAgent)), []);
  return inApp;
}
