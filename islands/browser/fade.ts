// One screen at a time with a fade (visitor-widget §2: 200 ms out, then the next screen fades in).
import { useRef, useState } from "preact/hooks";
import { FADE_OUT_MS } from "../../lib/rules/constants.ts";

/**
 * The screen shown, its fade phase, and `goTo` that fades out, then shows the next screen. `ready`
 * (the next screen's code, loaded on demand) holds the switch until it is there; changes keep their order.
 */
export function useFadingScreen<T>(first: T) {
  const [screen, setScreen] = useState<T>(first);
  const [fade, setFade] = useState<"in" | "out">("in");
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const goTo = (next: T, ready?: Promise<unknown>) => {
    setFade("out");
    const faded = new Promise((r) => setTimeout(r, FADE_OUT_MS));
    queue.current = Promise.all([queue.current, faded, ready]).then(() => {
      setScreen(next);
      setFade("in");
    });
  };
  return { screen, fade, goTo };
}
