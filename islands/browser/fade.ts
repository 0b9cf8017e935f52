// One screen at a time with a fade (visitor-widget §2: 200 ms out, then the next screen fades in).
import { useState } from "preact/hooks";
import { FADE_OUT_MS } from "../../lib/rules/constants.ts";

/** The screen shown, its fade phase, and `goTo` that fades out, then shows the next screen. */
export function useFadingScreen<T>(first: T) {
  const [screen, setScreen] = useState<T>(first);
  const [fade, setFade] = useState<"in" | "out">("in");
  const goTo = (next: T) => {
    setFade("out");
    setTimeout(() => {
      setScreen(next);
      setFade("in");
    }, FADE_OUT_MS);
  };
  return { screen, fade, goTo };
}
